import { ATL_DAYS, CTL_DAYS, type TrainingLoadDayDto } from '@domestique/proto';

/**
 * The training-load model (docs/training.md states it for riders):
 * - a ride's load is its TSS from power; without power, hrTSS = hours x (average HR / threshold HR)^2
 *   x 100; without either, an estimate from moving time and an intensity typical of the ride type;
 * - CTL_t = CTL_{t-1} + (load_t - CTL_{t-1}) x (1 - e^(-1/42)), ATL the same with 7 days, both 0 on
 *   the day before the first ride (GoldenCheetah's PMC and TrainingPeaks use these constants);
 * - TSB_t = CTL_{t-1} - ATL_{t-1}: the form the rider starts day t with;
 * - ramp rate = CTL_t - CTL_{t-7}.
 * Pure.
 */

/** Share of the gap to today's load that CTL and ATL close each day. */
export const CTL_FACTOR = 1 - Math.exp(-1 / CTL_DAYS);
export const ATL_FACTOR = 1 - Math.exp(-1 / ATL_DAYS);

/** Intensity factor assumed for a ride with neither power nor heart rate, by Strava sport type. */
const ESTIMATED_INTENSITY: Record<string, number> = {
  Ride: 0.7,
  GravelRide: 0.72,
  MountainBikeRide: 0.75,
  VirtualRide: 0.75,
  EBikeRide: 0.5,
  EMountainBikeRide: 0.55,
  Velomobile: 0.65,
  Handcycle: 0.7,
};
const DEFAULT_ESTIMATED_INTENSITY = 0.7;
/** A commute is ridden easier than a training ride of the same type. */
const COMMUTE_INTENSITY = 0.6;

/** What a ride's load is computed from (columns of the rides table). */
export interface RideLoadInput {
  movingTimeS: number;
  sportType: string | null;
  commute: boolean;
  averageHeartrate: number | null;
  /** the stored metrics' TSS (power meter and FTP) */
  tss: number | null;
  /** the threshold heart rate the ride was measured against */
  lthr: number | null;
}

export interface RideLoad {
  load: number;
  estimated: boolean;
}

/** TSS for `seconds` at intensity factor `intensity`. */
const tssAt = (seconds: number, intensity: number): number => (seconds / 3600) * intensity * intensity * 100;

/** One ride's load: TSS, else hrTSS, else the estimate. */
export const rideLoad = (ride: RideLoadInput): RideLoad => {
  if (ride.tss !== null && Number.isFinite(ride.tss)) return { load: ride.tss, estimated: false };
  const seconds = Math.max(0, ride.movingTimeS);
  if (ride.averageHeartrate && ride.lthr)
    return { load: tssAt(seconds, ride.averageHeartrate / ride.lthr), estimated: false };
  const intensity = ride.commute
    ? COMMUTE_INTENSITY
    : (ESTIMATED_INTENSITY[ride.sportType ?? ''] ?? DEFAULT_ESTIMATED_INTENSITY);
  return { load: tssAt(seconds, intensity), estimated: true };
};

/** One stored day: the sum of its rides' loads. */
export interface DailyLoad {
  /** YYYY-MM-DD */
  day: string;
  load: number;
  estimated: boolean;
  movingS: number;
}

const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));

/**
 * Consecutive YYYY-MM-DD days from a start, without a Date per day (the full-history series walks
 * thousands of days per request; Date parsing and formatting was most of its time).
 */
export class CalendarWalk {
  private year: number;
  private month: number;
  private day: number;

  constructor(start: string) {
    this.year = Number(start.slice(0, 4));
    this.month = Number(start.slice(5, 7));
    this.day = Number(start.slice(8, 10));
  }

  private daysInMonth(): number {
    if (this.month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][this.month - 1]!;
    const leap = (this.year % 4 === 0 && this.year % 100 !== 0) || this.year % 400 === 0;
    return leap ? 29 : 28;
  }

  /** The day after the last one returned (or after the start, the first time). */
  next(): string {
    if (++this.day > this.daysInMonth()) {
      this.day = 1;
      if (++this.month > 12) {
        this.month = 1;
        this.year++;
      }
    }
    return `${this.year}-${pad2(this.month)}-${pad2(this.day)}`;
  }
}

export interface PmcDay {
  date: string;
  load: number;
  estimated: boolean;
  ctl: number;
  atl: number;
  tsb: number;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

/**
 * The performance-management series from the first stored day to `to`, every day present. `days`
 * must be in date order. CTL and ATL start at 0 on the day before the first day; days after `to` are
 * ignored. Empty when there is no day at or before `to`. Unrounded (callers round once, to show).
 */
export const pmcSeries = (days: readonly DailyLoad[], to: string): PmcDay[] => {
  const first = days[0];
  if (!first || first.day > to) return [];
  const series: PmcDay[] = [];
  let ctl = 0;
  let atl = 0;
  let next = 0;
  const calendar = new CalendarWalk(first.day);
  for (let date = first.day; date <= to; date = calendar.next()) {
    const stored = days[next]?.day === date ? days[next++] : undefined;
    const load = stored?.load ?? 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) * CTL_FACTOR;
    atl += (load - atl) * ATL_FACTOR;
    series.push({ date, load, estimated: stored?.estimated ?? false, ctl, atl, tsb });
  }
  return series;
};

/** CTL_t - CTL_{t-7} at the series' last day (the first days count from the seed, 0). */
export const rampRate = (series: readonly PmcDay[]): number => {
  const last = series.at(-1);
  if (!last) return 0;
  return last.ctl - (series.at(-8)?.ctl ?? 0);
};

/** A PMC day rounded to 0.1 for answers. */
export const toLoadDay = (day: PmcDay): TrainingLoadDayDto => ({
  date: day.date,
  load: round1(day.load),
  estimated: day.estimated,
  ctl: round1(day.ctl),
  atl: round1(day.atl),
  tsb: round1(day.tsb),
});

export { round1 };
