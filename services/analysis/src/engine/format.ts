import { metresPerSecondToMph, metresToFeet, metresToMiles } from '@domestique/proto';

/**
 * How the coach writes numbers: the units and precision the product shows (spec section 9):
 * distance, elevation and speed with 2 decimals, heart rate and cadence whole, durations as h m.
 */
export const fixed2 = (value: number): string => value.toFixed(2);
export const whole = (value: number): string => String(Math.round(value));

export const miles = (metres: number): string => `${fixed2(metresToMiles(metres))} mi`;
export const feet = (metres: number): string => `${fixed2(metresToFeet(metres))} ft`;
export const mph = (metresPerSecond: number): string =>
  `${fixed2(metresPerSecondToMph(metresPerSecond))} mph`;
export const watts = (value: number): string => `${whole(value)} W`;
export const bpm = (value: number): string => `${whole(value)} bpm`;
export const rpm = (value: number): string => `${whole(value)} rpm`;
export const percent = (value: number): string => `${whole(value)}%`;

/** "2h 14m", "45m", "30s": whole minutes, cut down as the ride cards show them. */
export const duration = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total}s`;
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}m` : `${h}h ${m}m`;
};

/** A range of watts from fractions of FTP: "200-225 W". */
export const wattsRange = (ftp: number, low: number, high: number): string =>
  `${whole(ftp * low)}-${whole(ftp * high)} W`;

/** A range of heart rates from fractions of a reference heart rate: "130-150 bpm". */
export const bpmRange = (reference: number, low: number, high: number): string =>
  `${whole(reference * low)}-${whole(reference * high)} bpm`;

/** A goal value as the Goals page shows it: whole numbers as they are, others with 2 decimals. */
export const goalValue = (value: number): string => (Number.isInteger(value) ? String(value) : fixed2(value));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 31, 2026" from an ISO date (UTC). */
export const calendarDate = (iso: string): string => {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};

/** Upper-cases the first letter. */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "a, b and c". */
export const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export { metresPerSecondToMph, metresToFeet, metresToMiles };
