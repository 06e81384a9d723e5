import { IMPROVEMENT_BLOCK_WEEKS, type ImprovementsDto, type TrendPointDto } from '@domestique/proto';

/**
 * One week's sums, as the database adds them up. Every average is weighted by moving time, so a
 * three-hour ride counts six times a thirty-minute one. Each `...Time` is the moving time (s) of the
 * rides that have that measure; each `...Sum` is the sum of measure x moving time.
 */
export interface WeekTrendSums {
  week: string;
  /** rides with a power meter */
  powerTime: number;
  powerSum: number;
  heartRateTime: number;
  heartRateSum: number;
  cadenceTime: number;
  cadenceSum: number;
  /** sum of cadence^2 x moving time: the weighted variance's input */
  cadenceSquares: number;
  /** rides with both power and heart rate: their power sum and heart-rate sum (same weights) */
  pairedPowerSum: number;
  pairedHeartRateSum: number;
}

const weighted = (sum: number, time: number): number | null => (time > 0 ? sum / time : null);
const whole = (value: number | null): number | null => (value === null ? null : Math.round(value));
const oneDecimal = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10) / 10;

/** The chart's weekly points: weighted averages, null for weeks without the measure (never 0). */
export const trendPoints = (weeks: WeekTrendSums[]): TrendPointDto[] =>
  weeks.map((week) => ({
    date: week.week,
    power: whole(weighted(week.powerSum, week.powerTime)),
    heartRate: whole(weighted(week.heartRateSum, week.heartRateTime)),
    cadence: whole(weighted(week.cadenceSum, week.cadenceTime)),
  }));

const total = (weeks: WeekTrendSums[]): Omit<WeekTrendSums, 'week'> =>
  weeks.reduce(
    (sum, week) => ({
      powerTime: sum.powerTime + week.powerTime,
      powerSum: sum.powerSum + week.powerSum,
      heartRateTime: sum.heartRateTime + week.heartRateTime,
      heartRateSum: sum.heartRateSum + week.heartRateSum,
      cadenceTime: sum.cadenceTime + week.cadenceTime,
      cadenceSum: sum.cadenceSum + week.cadenceSum,
      cadenceSquares: sum.cadenceSquares + week.cadenceSquares,
      pairedPowerSum: sum.pairedPowerSum + week.pairedPowerSum,
      pairedHeartRateSum: sum.pairedHeartRateSum + week.pairedHeartRateSum,
    }),
    {
      powerTime: 0,
      powerSum: 0,
      heartRateTime: 0,
      heartRateSum: 0,
      cadenceTime: 0,
      cadenceSum: 0,
      cadenceSquares: 0,
      pairedPowerSum: 0,
      pairedHeartRateSum: 0,
    },
  );

/** (later - earlier) / earlier x 100; null when either is missing or the base is 0. */
export const percentChange = (earlier: number | null, later: number | null): number | null =>
  earlier === null || later === null || earlier === 0 ? null : ((later - earlier) / earlier) * 100;

/** Watts per heartbeat over the rides that have both (the ratio of their weighted averages). */
const wattsPerBeat = (block: Omit<WeekTrendSums, 'week'>): number | null =>
  block.pairedHeartRateSum > 0 && block.pairedPowerSum > 0
    ? block.pairedPowerSum / block.pairedHeartRateSum
    : null;

/** Coefficient of variation of the rides' average cadence: weighted standard deviation / weighted mean. */
const cadenceVariation = (block: Omit<WeekTrendSums, 'week'>): number | null => {
  const mean = weighted(block.cadenceSum, block.cadenceTime);
  if (mean === null || mean === 0) return null;
  const variance = Math.max(0, block.cadenceSquares / block.cadenceTime - mean * mean);
  return Math.sqrt(variance) / mean;
};

/**
 * The three improvements, each comparing the last 4 weeks of the window with its first 4 (the
 * blocks pool their rides, weighted by moving time), in percent rounded to 1 decimal, null when
 * either block lacks the data:
 * - powerImprovement = (P_last - P_first) / P_first x 100, P = weighted average power;
 * - heartRateEfficiency = (E_last - E_first) / E_first x 100, E = watts per beat = weighted
 *   average power / weighted average heart rate over the rides that recorded both;
 * - cadenceConsistency = (CV_first - CV_last) / CV_first x 100, CV = weighted standard deviation of
 *   the rides' average cadence / its weighted mean (a smaller spread is more consistent, so a
 *   falling CV is a positive number). Null when the first block's CV is 0 (nothing to improve on).
 */
export const improvements = (weeks: WeekTrendSums[]): ImprovementsDto => {
  const first = total(weeks.slice(0, IMPROVEMENT_BLOCK_WEEKS));
  const last = total(weeks.slice(-IMPROVEMENT_BLOCK_WEEKS));
  const cvFirst = cadenceVariation(first);
  const cvLast = cadenceVariation(last);
  return {
    powerImprovement: oneDecimal(
      percentChange(weighted(first.powerSum, first.powerTime), weighted(last.powerSum, last.powerTime)),
    ),
    heartRateEfficiency: oneDecimal(percentChange(wattsPerBeat(first), wattsPerBeat(last))),
    cadenceConsistency: oneDecimal(
      cvFirst === null || cvLast === null || cvFirst === 0 ? null : ((cvFirst - cvLast) / cvFirst) * 100,
    ),
  };
};

/** The stat cards' arrows: percent change rounded to a whole number, null without an earlier value. */
export const statTrend = (earlier: number, later: number): number | null => {
  const change = percentChange(earlier, later);
  return change === null ? null : Math.round(change);
};
