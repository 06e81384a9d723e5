import type { CriticalPowerModelDto } from '@domestique/proto';
import { fitCriticalPower } from '../metrics/physiology.js';

/**
 * The rider's critical-power model from their best curve. Pure.
 *
 * P(t) = W'/t + CP, fitted by least squares on work = CP x t + W' (metrics/physiology.ts's fit, the
 * one the FTP estimate uses) over the curve's bests from 3 to 20 minutes. FTP is taken as CP.
 */

/** The durations (seconds) the model is fitted on: 3 to 20 minutes. */
export const MODEL_SECONDS = { min: 180, max: 1200 } as const;
/** Fewer points than this fit nothing worth showing. */
export const MODEL_MIN_POINTS = 3;

export const criticalPowerModel = (
  points: readonly { durationS: number; watts: number }[],
): CriticalPowerModelDto | null => {
  const used = points.filter((p) => p.durationS >= MODEL_SECONDS.min && p.durationS <= MODEL_SECONDS.max);
  if (used.length < MODEL_MIN_POINTS) return null;
  const fit = fitCriticalPower(used.map((p) => ({ seconds: p.durationS, watts: p.watts })));
  if (!fit || fit.criticalPower <= 0 || fit.wPrime <= 0) return null;
  return {
    cp: Math.round(fit.criticalPower),
    wPrime: Math.round(fit.wPrime),
    ftpEstimate: Math.round(fit.criticalPower),
    fittedFrom: used.map((p) => p.durationS),
  };
};

/** One ride's stored curve: best watts for POWER_CURVE_SECONDS[i], up to the ride's length. */
export interface StoredCurve {
  rideId: string;
  startDate: Date;
  watts: readonly number[];
}

export interface MergedPoint {
  durationS: number;
  watts: number;
  rideId: string;
  startDate: Date;
}

/**
 * The best of the rides' curves at each duration any of them reaches, with the ride that set it (the
 * earlier ride on a tie), in duration order. The stored curves are aligned arrays, so this is one
 * pass of compares (ride-detail's bestCurve does the same over point objects, for a few rides).
 */
export const mergeCurves = (curves: readonly StoredCurve[], durations: readonly number[]): MergedPoint[] => {
  const best: (StoredCurve | undefined)[] = new Array(durations.length);
  const watts = new Float64Array(durations.length);
  for (const curve of curves) {
    const length = Math.min(curve.watts.length, durations.length);
    for (let i = 0; i < length; i++) {
      const value = curve.watts[i]!;
      const held = best[i];
      if (!held || value > watts[i]! || (value === watts[i] && curve.startDate < held.startDate)) {
        best[i] = curve;
        watts[i] = value;
      }
    }
  }
  const points: MergedPoint[] = [];
  for (let i = 0; i < durations.length; i++) {
    const curve = best[i];
    if (curve)
      points.push({
        durationS: durations[i]!,
        watts: watts[i]!,
        rideId: curve.rideId,
        startDate: curve.startDate,
      });
  }
  return points;
};
