import '../../app/zod-jitless';
import { formatTwoDecimals, formatWhole } from '../../app/format';
import { DEFAULT_UNIT_SYSTEM } from '@domestique/proto';
import {
  quantities as quantitiesOf,
  type Quantity,
  type QuantityName,
  type UnitSystem,
} from '../../app/units/units';

/**
 * How the ride page shows each quantity the server sends in SI units (metres, m/s, watts, bpm, rpm,
 * seconds): in the rider's unit system (app/units), imperial by default.
 */
export type { Quantity, QuantityName, UnitSystem };
export { formatQuantity } from '../../app/units/units';

/** The quantities of a unit system. */
export const quantities = (system: UnitSystem = DEFAULT_UNIT_SYSTEM): Record<QuantityName, Quantity> =>
  quantitiesOf(system);

/** An axis tick in the unit shown: whole above 10, else up to 2 decimals ("0.5", "12"). */
export const formatTick = (displayValue: number): string =>
  Math.abs(displayValue) >= 10 || Number.isInteger(displayValue)
    ? formatWhole(displayValue)
    : formatTwoDecimals(displayValue).replace(/\.?0+$/, '');

/** Elapsed seconds as a clock: "1:02:03", "4:05". */
export const formatClock = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
};

/** A power-duration point's duration: "5 s", "1 min", "1 h 30 min". */
export const formatEffortDuration = (seconds: number): string => {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 6) / 10} min`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
};
