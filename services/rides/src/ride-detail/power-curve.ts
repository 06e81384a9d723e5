import { POWER_CURVE_SECONDS, type BestPowerCurvePointDto, type PowerCurvePointDto } from '@domestique/proto';
import { bestMean } from '../metrics/power.js';

/**
 * A ride's power-duration curve: the best mean power over each of `durations` seconds of the 1 Hz
 * series (the series the ride's metrics use: pauses left out), up to the ride's length. Pure.
 */
export const powerCurve = (
  watts: Float64Array,
  durations: readonly number[] = POWER_CURVE_SECONDS,
): PowerCurvePointDto[] => {
  const points: PowerCurvePointDto[] = [];
  for (const durationSeconds of durations) {
    const watt = bestMean(watts, durationSeconds);
    if (watt === null) break;
    points.push({ durationSeconds, watts: watt });
  }
  return points;
};

/** One ride's curve with what identifies it. */
export interface RideCurve {
  rideId: string;
  startDate: Date;
  points: readonly PowerCurvePointDto[];
}

/**
 * The best of several rides' curves at every duration any of them reaches, with the ride that set
 * each best (the earlier ride on a tie), in duration order. Pure.
 */
export const bestCurve = (curves: readonly RideCurve[]): BestPowerCurvePointDto[] => {
  const best = new Map<number, { watts: number; curve: RideCurve }>();
  for (const curve of curves) {
    for (const point of curve.points) {
      const held = best.get(point.durationSeconds);
      if (
        !held ||
        point.watts > held.watts ||
        (point.watts === held.watts && curve.startDate < held.curve.startDate)
      )
        best.set(point.durationSeconds, { watts: point.watts, curve });
    }
  }
  return [...best.entries()]
    .sort(([a], [b]) => a - b)
    .map(([durationSeconds, { watts, curve }]) => ({
      durationSeconds,
      watts,
      rideId: curve.rideId,
      startDate: curve.startDate.toISOString(),
    }));
};
