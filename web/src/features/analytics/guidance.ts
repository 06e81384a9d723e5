import type { PerformanceZoneDto, WeeklyProgressDto, ZoneSource } from '@domestique/proto';
import { fromImperial, quantities, UNIT_WORDS, type UnitSystem } from '../../app/units/units';

/**
 * "How you're doing" on the three cards of Understanding Your Analytics, from the thresholds of
 * spec section 9 applied to the average of the last 4 weeks (weeks without rides count as 0):
 * - progress: distance above 15 mi with speed above 12 mph is great; distance above 10 mi is good;
 * - zones: a Zone 2 share above 70% is excellent, above 50% good;
 * - performance: elevation above 2000 ft with time above 3600 s is strong; elevation above 1000 ft
 *   or time above 2400 s is good.
 * The 4-week average speed is the 4 weeks' distance over their moving time. The thresholds stay the
 * spec's (in imperial units); the texts give the numbers in the rider's units.
 */
export type Level = 'top' | 'good' | 'building' | 'none';

export interface Guidance {
  level: Level;
  text: string;
}

const LAST_WEEKS = 4;
const fmt = (value: number, digits = 2) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export interface FourWeekAverages {
  /** miles per week */
  distance: number;
  /** mph; 0 without riding time */
  speed: number;
  /** feet per week */
  elevation: number;
  /** seconds per week */
  time: number;
}

export const lastFourWeeks = (weeks: WeeklyProgressDto[]): FourWeekAverages => {
  const recent = weeks.slice(-LAST_WEEKS);
  const sum = (pick: (week: WeeklyProgressDto) => number) => recent.reduce((t, w) => t + pick(w), 0);
  const time = sum((w) => w.time);
  const distance = sum((w) => w.distance);
  return {
    distance: distance / LAST_WEEKS,
    speed: time > 0 ? distance / (time / 3600) : 0,
    elevation: sum((w) => w.elevation) / LAST_WEEKS,
    time: time / LAST_WEEKS,
  };
};

export const INCREASE_DISTANCE_ADVICE = 'increase weekly distance 10-15%';
export const ZONES_ADVICE = 'spend 70-80% of training time in zones 1-2';

export const progressGuidance = (
  { distance, speed }: FourWeekAverages,
  system: UnitSystem = 'imperial',
): Guidance => {
  const weekly = `${fmt(fromImperial(system, 'distance', distance))} ${UNIT_WORDS[system].distance} a week`;
  if (distance > 15 && speed > 12)
    return {
      level: 'top',
      text: `Great work! You average ${weekly} at ${fmt(fromImperial(system, 'speed', speed))} ${UNIT_WORDS[system].speed}.`,
    };
  if (distance > 10)
    return {
      level: 'good',
      text: `Good progress at ${weekly}. To keep improving, ${INCREASE_DISTANCE_ADVICE}.`,
    };
  return {
    level: 'building',
    text: `You average ${weekly}. To build your base, ${INCREASE_DISTANCE_ADVICE}.`,
  };
};

/** Zone 2's share of the time in every zone, in percent (null without zone data). */
export const zoneTwoShare = (zones: PerformanceZoneDto[]): number | null => {
  const total = zones.reduce((sum, zone) => sum + zone.timeSpent, 0);
  if (total === 0) return null;
  return ((zones.find((zone) => zone.zone === 'Z2')?.timeSpent ?? 0) / total) * 100;
};

export const zonesGuidance = (zones: PerformanceZoneDto[], source: ZoneSource | null): Guidance => {
  const share = zoneTwoShare(zones);
  if (share === null || !source)
    return {
      level: 'none',
      text: 'Ride with a power meter or a heart-rate monitor to see your training zones.',
    };
  const percent = `${fmt(share, 0)}%`;
  if (share > 70)
    return {
      level: 'top',
      text: `Excellent! ${percent} of your training time is in Zone 2: a strong aerobic base.`,
    };
  if (share > 50)
    return {
      level: 'good',
      text: `Good: ${percent} of your training time is in Zone 2. For a stronger base, ${ZONES_ADVICE}.`,
    };
  return {
    level: 'building',
    text: `${percent} of your training time is in Zone 2. To build endurance, ${ZONES_ADVICE}.`,
  };
};

const hoursAndMinutes = (seconds: number): string => {
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${minutes}m`;
};

export const performanceGuidance = (
  { elevation, time }: FourWeekAverages,
  system: UnitSystem = 'imperial',
): Guidance => {
  const climbed = `${fmt(fromImperial(system, 'elevation', elevation))} ${quantities(system).elevation.unit}`;
  const load = `${climbed} of climbing and ${hoursAndMinutes(time)} of riding a week`;
  if (elevation > 2000 && time > 3600) return { level: 'top', text: `Strong training load: ${load}.` };
  if (elevation > 1000 || time > 2400)
    return {
      level: 'good',
      text: `Good training load: ${load}. Add a hilly route or a longer ride to build strength.`,
    };
  return {
    level: 'building',
    text: `${load[0]!.toUpperCase()}${load.slice(1)}. Add climbing and time in the saddle gradually.`,
  };
};
