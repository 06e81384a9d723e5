import {
  DEFAULT_UNIT_SYSTEM,
  FEET_PER_METRE,
  METRES_PER_MILE,
  MPH_PER_METRE_PER_SECOND,
  metresPerSecondToMph,
  metresToFeet,
  metresToMiles,
  type UnitSystem,
} from '@domestique/proto';

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

/** ft per mile -> m per km, with the spec's conversions (the imperial numbers are computed with them) */
const M_PER_KM_PER_FT_PER_MI = 1000 / (FEET_PER_METRE * METRES_PER_MILE);

/**
 * The rider's units (their profile setting): imperial writes mi, ft, mph and climbing in ft per
 * mile; metric writes km, m, km/h and m per km, with the same 2 decimals. `value` gives the number
 * a text states (what the number checker's facts hold), `text` the number with its label.
 */
export interface UnitFormat {
  system: UnitSystem;
  distanceUnit: 'mi' | 'km';
  elevationUnit: 'ft' | 'm';
  speedUnit: 'mph' | 'km/h';
  /** written after a climbing rate: "ft per mile" / "m per km" */
  climbRateUnit: 'ft per mile' | 'm per km';
  distanceValue: (metres: number) => number;
  elevationValue: (metres: number) => number;
  speedValue: (metresPerSecond: number) => number;
  /** a climbing rate from ft per mile */
  climbRateValue: (ftPerMile: number) => number;
  distance: (metres: number) => string;
  elevation: (metres: number) => string;
  speed: (metresPerSecond: number) => string;
  /** "75 ft per mile" / "14 m per km", whole */
  climbRate: (ftPerMile: number) => string;
  /** the key suffixes of facts in these units (facts/number-facts.ts) */
  key: {
    distance: 'Mi' | 'Km';
    elevation: 'Ft' | 'M';
    speed: 'Mph' | 'Kmh';
    climbRate: 'FtPerMi' | 'MPerKm';
  };
}

const unitFormatOf = (
  system: UnitSystem,
  labels: Pick<UnitFormat, 'distanceUnit' | 'elevationUnit' | 'speedUnit' | 'climbRateUnit'>,
  values: Pick<UnitFormat, 'distanceValue' | 'elevationValue' | 'speedValue' | 'climbRateValue'>,
  key: UnitFormat['key'],
): UnitFormat => ({
  system,
  key,
  ...labels,
  ...values,
  distance: (m) => `${fixed2(values.distanceValue(m))} ${labels.distanceUnit}`,
  elevation: (m) => `${fixed2(values.elevationValue(m))} ${labels.elevationUnit}`,
  speed: (mps) => `${fixed2(values.speedValue(mps))} ${labels.speedUnit}`,
  climbRate: (ftPerMile) => `${whole(values.climbRateValue(ftPerMile))} ${labels.climbRateUnit}`,
});

const IMPERIAL = unitFormatOf(
  'imperial',
  { distanceUnit: 'mi', elevationUnit: 'ft', speedUnit: 'mph', climbRateUnit: 'ft per mile' },
  {
    distanceValue: metresToMiles,
    elevationValue: metresToFeet,
    speedValue: metresPerSecondToMph,
    climbRateValue: (ftPerMile) => ftPerMile,
  },
  { distance: 'Mi', elevation: 'Ft', speed: 'Mph', climbRate: 'FtPerMi' },
);

const METRIC = unitFormatOf(
  'metric',
  { distanceUnit: 'km', elevationUnit: 'm', speedUnit: 'km/h', climbRateUnit: 'm per km' },
  {
    distanceValue: (m) => m / 1000,
    elevationValue: (m) => m,
    speedValue: (mps) => mps * 3.6,
    climbRateValue: (ftPerMile) => ftPerMile * M_PER_KM_PER_FT_PER_MI,
  },
  { distance: 'Km', elevation: 'M', speed: 'Kmh', climbRate: 'MPerKm' },
);

/** The rider's units; imperial (the product's default) when unknown. */
export const unitFormat = (system: UnitSystem | null | undefined): UnitFormat =>
  (system ?? DEFAULT_UNIT_SYSTEM) === 'metric' ? METRIC : IMPERIAL;

/** A goal's value (in the unit the Goals page stores: mi, ft, mph) in the rider's units. */
export const goalValueIn = (u: UnitFormat, type: string, value: number): number =>
  u.system === 'imperial'
    ? value
    : type === 'distance'
      ? u.distanceValue(value * METRES_PER_MILE)
      : type === 'elevation'
        ? u.elevationValue(value / FEET_PER_METRE)
        : type === 'speed'
          ? u.speedValue(value / MPH_PER_METRE_PER_SECOND)
          : value;

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
