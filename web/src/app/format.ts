import { formatTwoDecimals, quantities } from './units/units';

/**
 * Every number the screens show, formatted in one place (spec section 9): distances, elevation and
 * speed with 2 decimals, durations in hours and minutes, heart rate and cadence whole; and dates.
 */
export { formatTwoDecimals, formatWhole } from './units/units';

/** "3.74 W/kg", or null without both numbers (the rider's weight is optional). */
export const wattsPerKg = (watts: number | null | undefined, kg: number | null | undefined): string | null =>
  watts != null && kg != null && kg > 0 ? `${formatTwoDecimals(watts / kg)} W/kg` : null;

/** "estimated from your 20-minute best on 3 Sep" -> "Estimated from your 20-minute best on 3 Sep" */
export const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The spec's imperial numbers without their unit; screens use the rider's units (app/units). */
const IMPERIAL = quantities('imperial');
/** metres -> "24.85" (miles) */
export const formatMiles = IMPERIAL.distance.format;
/** metres -> "1,234.56" (feet) */
export const formatFeet = IMPERIAL.elevation.format;
/** m/s -> "19.01" (mph) */
export const formatMph = IMPERIAL.speed.format;

/** seconds -> "2h 5m" ("45m" under an hour) */
export const formatDuration = (seconds: number): string => {
  const totalMinutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
};

/** "Mar 9, 2026" */
export const formatRideDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "March 9, 2026" (Member since) */
export const formatLongDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
