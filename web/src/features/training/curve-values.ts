import type { CriticalPowerModelDto, RiderPowerCurvePointDto } from '@domestique/proto';
import { formatTwoDecimals, formatWhole } from '../../app/format';

/** The power curve in watts, or in watts per kilogram where the rider's weight is known. */
export type CurveUnit = 'w' | 'wkg';

/** A point's value in the unit shown; null when W/kg is asked and no weight is set. */
export const curveValue = (point: RiderPowerCurvePointDto, unit: CurveUnit): number | null =>
  unit === 'w' ? point.watts : point.wattsPerKg;

/** "312 W", "4.21 W/kg" */
export const formatCurveValue = (value: number, unit: CurveUnit): string =>
  unit === 'w' ? `${formatWhole(value)} W` : `${formatTwoDecimals(value)} W/kg`;

/** W/kg can be offered when every point of the curve has it (the rider's weight is set). */
export const canShowWattsPerKg = (points: readonly RiderPowerCurvePointDto[]): boolean =>
  points.length > 0 && points.every((p) => p.wattsPerKg !== null);

/** The best effort at each of `durations` the curve reaches, in the order given. */
export const effortsAt = (
  points: readonly RiderPowerCurvePointDto[],
  durations: readonly number[],
): RiderPowerCurvePointDto[] =>
  durations.flatMap((duration) => points.filter((p) => p.durationS === duration));

/** The model's figures as the stat cards show them: CP and FTP in watts, W' in kilojoules. */
export const modelFigures = (model: CriticalPowerModelDto | null) =>
  model
    ? {
        cp: `${formatWhole(model.cp)} W`,
        wPrime: `${(model.wPrime / 1000).toFixed(1)} kJ`,
        ftp: `${formatWhole(model.ftpEstimate)} W`,
      }
    : null;
