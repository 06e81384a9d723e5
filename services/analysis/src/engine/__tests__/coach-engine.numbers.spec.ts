import fc from 'fast-check';
import { analyseRide } from '../coach-engine.js';
import type { RideAnalysisInput, RideSummary } from '../ride-analysis-input.js';
import { rideInputArb, SCENARIOS } from './ride-input.factory.js';

/**
 * Every number the coach writes must come from the ride's data or be derived from it. This test
 * re-derives, independently of the engine, every value the engine may print (the list below, in the
 * precisions the product shows) and checks each number in the generated text against it.
 */

const M_PER_MI = 1609.34;
const FT_PER_M = 3.28084;
const MPH_PER_MPS = 2.237;
const DAY = 86_400_000;

/** Coaching constants the engine may print: zone numbers, interval recipes, fuelling, spec ranges. */
const CONSTANTS = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 24, 30, 45, 48, 55, 56, 60, 70, 75, 76, 80, 85, 88, 90, 94, 95,
  100, 105, 106, 120, 500, 750, 1.05,
];

/** Fractions of FTP and of threshold / max heart rate the prescriptions use. */
const FTP_FRACTIONS = [0.55, 0.56, 0.75, 0.76, 0.9, 0.88, 0.94, 0.95, 1.05, 1.06, 1.2];
const THRESHOLD_HR_FRACTIONS = [0.68, 0.69, 0.83, 0.84, 0.94, 0.89, 0.95, 1.02, 1, 1.05];
const MAX_HR_FRACTIONS = [0.6, 0.7, 0.8, 0.78, 0.85, 0.9, 0.95];

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const allowedNumbers = (input: RideAnalysisInput): Set<string> => {
  const allowed = new Set<string>();
  const text = (value: string) => allowed.add(value);
  /** a value as the engine may print it: whole, or with 2 decimals */
  const value = (v: number | null | undefined) => {
    if (v === null || v === undefined || !Number.isFinite(v)) return;
    text(String(Math.abs(Math.round(v))));
    text(Math.abs(v).toFixed(2));
  };
  const percentOf = (share: number | null | undefined) => value(share == null ? null : share * 100);
  const diff = (a: number | null | undefined, b: number | null | undefined) => {
    if (a == null || b == null || b === 0) return;
    value((a / b - 1) * 100);
  };
  const duration = (seconds: number) => {
    const total = Math.max(0, Math.round(seconds));
    const minutes = Math.round(total / 60);
    value(total);
    value(Math.floor(minutes / 60));
    value(minutes % 60);
  };
  const date = (iso: string) => {
    const d = new Date(iso);
    value(d.getUTCDate());
    value(d.getUTCFullYear());
  };
  const digitsOf = (name: string) => name.match(/\d+(?:\.\d+)?/g)?.forEach(text);

  CONSTANTS.forEach((c) => {
    value(c);
    text(String(c));
  });

  const { ride, rider } = input;
  const mi = ride.distanceM / M_PER_MI;
  const ft = ride.elevationGainM * FT_PER_M;
  // the ride
  digitsOf(ride.name);
  value(mi);
  value(ft);
  if (mi > 0) value(ft / mi);
  value(ride.averageSpeedMps * MPH_PER_MPS);
  value(ride.maxSpeedMps === null ? null : ride.maxSpeedMps * MPH_PER_MPS);
  duration(ride.movingTimeS);
  duration(ride.elapsedTimeS);
  duration(ride.elapsedTimeS - ride.movingTimeS);
  [ride.averageWatts, ride.normalizedPower, ride.intensityFactor, ride.tss, ride.variabilityIndex].forEach(
    value,
  );
  [ride.efficiencyFactor, ride.aerobicDecouplingPct, ride.averageHeartrate, ride.maxHeartrate].forEach(value);
  value(ride.averageCadence);
  if (ride.normalizedPower !== null && ride.averageWatts !== null)
    value(ride.normalizedPower - ride.averageWatts);
  if (ride.averageWatts !== null) value((ride.averageWatts * ride.movingTimeS) / 1000);
  value((ride.movingTimeS / 3600) * 60);
  value((ride.movingTimeS / 3600) * 90);
  for (const zones of [ride.powerZones, ride.heartRateZones]) {
    if (!zones) continue;
    const total = zones.reduce((sum, z) => sum + Math.max(z.seconds, 0), 0);
    const share = (from: number, to: number) =>
      zones.filter((z) => z.zone >= from && z.zone <= to).reduce((sum, z) => sum + z.seconds, 0) / total;
    for (let from = 1; from <= 7; from += 1) for (let to = from; to <= 7; to += 1) percentOf(share(from, to));
  }
  for (const effort of ride.bestEfforts) {
    value(effort.watts);
    value(effort.watts * 0.95);
    if (rider.ftpWatts) percentOf(effort.watts / rider.ftpWatts);
    if (rider.weightKg) value(effort.watts / rider.weightKg);
  }
  // the rider
  [rider.ftpWatts, rider.maxHeartrate, rider.thresholdHeartrate, rider.weightKg].forEach(value);
  if (ride.averageHeartrate !== null) {
    if (rider.maxHeartrate) percentOf(ride.averageHeartrate / rider.maxHeartrate);
    if (rider.thresholdHeartrate) percentOf(ride.averageHeartrate / rider.thresholdHeartrate);
  }
  if (rider.ftpWatts) FTP_FRACTIONS.forEach((f) => value(rider.ftpWatts! * f));
  if (rider.thresholdHeartrate) THRESHOLD_HR_FRACTIONS.forEach((f) => value(rider.thresholdHeartrate! * f));
  if (rider.maxHeartrate) MAX_HR_FRACTIONS.forEach((f) => value(rider.maxHeartrate! * f));

  // the rider's history: rides before this one, newest first, at most 20
  const start = Date.parse(ride.startDate);
  const history = input.recentRides
    .filter((r) => Date.parse(r.startDate) < start)
    .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate))
    .slice(0, 20);
  value(history.length);
  const daysBefore = (r: RideSummary) => (start - Date.parse(r.startDate)) / DAY;
  for (const r of history) {
    digitsOf(r.name);
    date(r.startDate);
    value(r.distanceM / M_PER_MI);
    value(r.elevationGainM * FT_PER_M);
    value(r.averageSpeedMps * MPH_PER_MPS);
    duration(r.movingTimeS);
    diff(ride.averageSpeedMps, r.averageSpeedMps);
  }
  const typical = (pick: (r: RideSummary) => number | null, rides = history) => {
    const values = rides.map(pick).filter((v): v is number => v !== null);
    return values.length >= 3 ? values : null;
  };
  const medianDistance = median(typical((r) => r.distanceM) ?? []);
  value(medianDistance === null ? null : medianDistance / M_PER_MI);
  diff(ride.distanceM, medianDistance);
  const medianMoving = median(typical((r) => r.movingTimeS) ?? []);
  if (medianMoving !== null) duration(medianMoving);
  value((median(typical((r) => r.elevationGainM) ?? []) ?? NaN) * FT_PER_M);
  const outdoorSpeed = median(
    typical(
      (r) => r.averageSpeedMps,
      history.filter((r) => !r.indoor),
    ) ?? [],
  );
  value(outdoorSpeed === null ? null : outdoorSpeed * MPH_PER_MPS);
  diff(ride.averageSpeedMps, outdoorSpeed);
  const powers = typical((r) => r.averageWatts);
  const averagePower = powers ? powers.reduce((a, b) => a + b, 0) / powers.length : null;
  value(averagePower);
  diff(ride.averageWatts, averagePower);
  const medianTss = median(typical((r) => r.tss) ?? []);
  value(medianTss);
  diff(ride.tss, medianTss);
  const medianCadence = median(typical((r) => r.averageCadence) ?? []);
  value(medianCadence);
  if (medianCadence !== null && ride.averageCadence !== null) value(ride.averageCadence - medianCadence);
  const medianEf = median(
    typical((r) =>
      r.normalizedPower !== null && r.averageHeartrate ? r.normalizedPower / r.averageHeartrate : null,
    ) ?? [],
  );
  value(medianEf);
  diff(ride.efficiencyFactor, medianEf);
  value(history.filter((r) => daysBefore(r) < 28 && (r.intensityFactor ?? 0) >= 0.85).length + 1);
  value(history.filter((r) => daysBefore(r) < 28).length + 1);
  // weekly load: the last 7 days (with this ride) against the weeks the history covers
  const oldest = history[history.length - 1];
  const weeks = !oldest
    ? 0
    : daysBefore(oldest) >= 28
      ? 4
      : history.length < 20 && daysBefore(oldest) >= 14
        ? Math.ceil(daysBefore(oldest) / 7)
        : 0;
  let weeklyDistanceMi: number | null = null;
  let weeklyHours: number | null = null;
  if (weeks > 0) {
    value(weeks);
    const window = history.filter((r) => daysBefore(r) < weeks * 7);
    const lastWeek = history.filter((r) => daysBefore(r) < 7);
    const sum = (rides: RideSummary[], pick: (r: RideSummary) => number) =>
      rides.reduce((t, r) => t + pick(r), 0);
    weeklyDistanceMi = sum(window, (r) => r.distanceM) / weeks / M_PER_MI;
    weeklyHours = sum(window, (r) => r.movingTimeS) / weeks / 3600;
    value(weeklyDistanceMi);
    value(weeklyHours);
    duration(weeklyHours * 3600);
    const recentMoving = sum(lastWeek, (r) => r.movingTimeS) + ride.movingTimeS;
    duration(recentMoving);
    diff(recentMoving, weeklyHours * 3600);
    if (ride.tss !== null && window.every((r) => r.tss !== null)) {
      const averageTss = sum(window, (r) => r.tss!) / weeks;
      const recentTss = sum(lastWeek, (r) => r.tss!) + ride.tss;
      value(averageTss);
      value(recentTss);
      diff(recentTss, averageTss);
    }
  }
  // goals
  for (const goal of input.goals) {
    digitsOf(goal.title);
    value(goal.targetValue);
    value(goal.currentValue);
    percentOf(goal.currentValue / goal.targetValue);
    if (goal.targetDate) {
      date(goal.targetDate);
      const daysLeft = Math.ceil((Date.parse(goal.targetDate) - start) / DAY);
      value(daysLeft);
      value(Math.max(goal.targetValue - goal.currentValue, 0) / (daysLeft / 7));
    }
  }
  value(ride.movingTimeS / 3600);
  value(weeklyDistanceMi);
  value(weeklyHours);
  return allowed;
};

const numbersIn = (text: string): string[] => text.match(/\d+(?:\.\d+)?/g) ?? [];

const strayNumbers = (input: RideAnalysisInput): string[] => {
  const feedback = analyseRide(input);
  const allowed = allowedNumbers(input);
  const all = Object.values(feedback).join('\n');
  return numbersIn(all).filter((n) => !allowed.has(n));
};

describe('every number the coach writes comes from the data', () => {
  it('holds for the ten realistic rides', () => {
    for (const [name, input] of Object.entries(SCENARIOS)) {
      expect({ name, stray: strayNumbers(input) }).toEqual({ name, stray: [] });
    }
  });

  it('holds over 500 generated rides (with and without power, heart rate, history, goals)', () => {
    fc.assert(
      fc.property(rideInputArb, (input) => {
        const stray = strayNumbers(input);
        if (stray.length) throw new Error(`numbers not derived from the data: ${stray.join(', ')}`);
      }),
      { numRuns: 500, seed: 20250614 },
    );
  });

  it('catches a number that is not in the data', () => {
    const input = SCENARIOS['recovery spin']!;
    const allowed = allowedNumbers(input);
    expect(numbersIn('You rode 987.65 mi at 4321 W').filter((n) => !allowed.has(n))).toEqual([
      '987.65',
      '4321',
    ]);
  });
});
