import { metresPerSecondToMph, metresToFeet, metresToMiles } from '@domestique/proto/messages';
import { formatFeet, formatMiles, formatMph, formatTwoDecimals, formatWhole } from '../../app/format';

/**
 * How the ride page shows each quantity the server sends in SI units (metres, m/s, watts, bpm, rpm,
 * seconds). One entry per quantity, so a units setting switches them in one place: today imperial,
 * the spec's default (miles, feet, mph).
 */
export interface Quantity {
  /** the unit shown after a value ("mi") */
  unit: string;
  /** an SI value in the unit shown (for chart axes) */
  convert: (si: number) => number;
  /** an SI value as text in the unit shown, without the unit ("24.85") */
  format: (si: number) => string;
}

export type QuantityName = 'distance' | 'elevation' | 'speed' | 'power' | 'heartRate' | 'cadence';

export type UnitSystem = 'imperial';

const same = (value: number) => value;

const IMPERIAL: Record<QuantityName, Quantity> = {
  distance: { unit: 'mi', convert: metresToMiles, format: formatMiles },
  elevation: { unit: 'ft', convert: metresToFeet, format: formatFeet },
  speed: { unit: 'mph', convert: metresPerSecondToMph, format: formatMph },
  power: { unit: 'W', convert: same, format: formatWhole },
  heartRate: { unit: 'bpm', convert: same, format: formatWhole },
  cadence: { unit: 'rpm', convert: same, format: formatWhole },
};

/** The quantities of a unit system. */
export const quantities = (system: UnitSystem = 'imperial'): Record<QuantityName, Quantity> => {
  switch (system) {
    case 'imperial':
      return IMPERIAL;
  }
};

/** "24.85 mi", "212 W"; "–" without a value. */
export const formatQuantity = (quantity: Quantity, si: number | null | undefined): string =>
  si === null || si === undefined || !Number.isFinite(si) ? '–' : `${quantity.format(si)} ${quantity.unit}`;

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
