import type { UnitSystem } from '@domestique/proto';
import { metresPerSecondToMph, metresToFeet, metresToMiles } from '@domestique/proto/messages';

export type { UnitSystem };

/**
 * How every screen shows a quantity the server keeps in SI units (metres, m/s, kg, watts, bpm, rpm):
 * in the rider's unit system. Imperial is the spec's default (section 9: miles, feet, mph, 2 decimals);
 * metric shows km, m, km/h and kg with the same 2 decimals.
 */
export interface Quantity {
  /** the unit shown after a value ("mi") */
  unit: string;
  /** an SI value in the unit shown (for chart axes and inputs) */
  convert: (si: number) => number;
  /** a value in the unit shown back to SI (what the API expects from an input) */
  toSi: (shown: number) => number;
  /** an SI value as text in the unit shown, without the unit ("24.85") */
  format: (si: number) => string;
}

export type QuantityName = 'distance' | 'elevation' | 'speed' | 'weight' | 'power' | 'heartRate' | 'cadence';

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const formatTwoDecimals = (value: number): string => twoDecimals.format(value);
export const formatWhole = (value: number): string => whole.format(Math.round(value));

export const KG_PER_LB = 0.45359237;
const METRES_PER_KM = 1000;
const KMH_PER_METRE_PER_SECOND = 3.6;

const same = (value: number) => value;

/** A quantity shown with 2 decimals through a linear conversion from SI. */
const converted = (unit: string, convert: (si: number) => number): Quantity => ({
  unit,
  convert,
  toSi: (shown) => shown / convert(1),
  format: (si) => formatTwoDecimals(convert(si)),
});

const counted = (unit: string): Quantity => ({ unit, convert: same, toSi: same, format: formatWhole });

const COMMON = { power: counted('W'), heartRate: counted('bpm'), cadence: counted('rpm') };

const IMPERIAL: Record<QuantityName, Quantity> = {
  // the spec's own conversions (proto), so imperial text stays exactly as before
  distance: converted('mi', metresToMiles),
  elevation: converted('ft', metresToFeet),
  speed: converted('mph', metresPerSecondToMph),
  weight: {
    unit: 'lb',
    convert: (kg) => kg / KG_PER_LB,
    toSi: (lb) => lb * KG_PER_LB,
    format: (kg) => oneDecimal.format(kg / KG_PER_LB),
  },
  ...COMMON,
};

const METRIC: Record<QuantityName, Quantity> = {
  distance: converted('km', (m) => m / METRES_PER_KM),
  elevation: converted('m', same),
  speed: converted('km/h', (v) => v * KMH_PER_METRE_PER_SECOND),
  weight: { unit: 'kg', convert: same, toSi: same, format: (kg) => oneDecimal.format(kg) },
  ...COMMON,
};

/** The quantities of a unit system. */
export const quantities = (system: UnitSystem): Record<QuantityName, Quantity> =>
  system === 'metric' ? METRIC : IMPERIAL;

/**
 * A value the API reports in the spec's imperial units (section 7: mi, ft, mph) in the unit shown;
 * untouched for imperial, so those numbers print exactly as the API sends them.
 */
export const fromImperial = (
  system: UnitSystem,
  quantity: 'distance' | 'elevation' | 'speed',
  value: number,
): number =>
  system === 'imperial' ? value : quantities(system)[quantity].convert(IMPERIAL[quantity].toSi(value));

/** An API value in imperial units as a stat card shows it: { value: "24.85", unit: "mi" }. */
export const imperialStat = (
  system: UnitSystem,
  quantity: 'distance' | 'elevation' | 'speed',
  value: number,
): { value: string; unit: string } => ({
  value: formatTwoDecimals(fromImperial(system, quantity, value)),
  unit: quantities(system)[quantity].unit,
});

/** The words of a unit in sentences: "miles" / "kilometres". */
export const UNIT_WORDS: Record<UnitSystem, Record<'distance' | 'elevation' | 'speed', string>> = {
  imperial: { distance: 'miles', elevation: 'feet', speed: 'mph' },
  metric: { distance: 'kilometres', elevation: 'metres', speed: 'km/h' },
};

/** "24.85 mi", "212 W"; "–" without a value. */
export const formatQuantity = (quantity: Quantity, si: number | null | undefined): string =>
  si === null || si === undefined || !Number.isFinite(si) ? '–' : `${quantity.format(si)} ${quantity.unit}`;

/** metres -> "24.85 mi" / "40.00 km" */
export const formatDistance = (metres: number, system: UnitSystem): string =>
  formatQuantity(quantities(system).distance, metres);
/** metres -> "1,234.56 ft" / "376.30 m" */
export const formatElevation = (metres: number, system: UnitSystem): string =>
  formatQuantity(quantities(system).elevation, metres);
/** m/s -> "19.01 mph" / "30.60 km/h" */
export const formatSpeed = (metresPerSecond: number, system: UnitSystem): string =>
  formatQuantity(quantities(system).speed, metresPerSecond);

/** kg -> "155.4 lb" (imperial) / "70.5 kg" (metric), to 0.1 */
export const formatWeight = (kg: number, system: UnitSystem): string =>
  formatQuantity(quantities(system).weight, kg);

/** A value to 0.1 (the precision a weight is typed and shown with). */
const toTenth = (value: number): number => Math.round(value * 10) / 10;

/** kg -> the weight as a weight input shows it, in the rider's unit to 0.1: "155.4" / "70.5". */
export const weightInputValue = (kg: number, system: UnitSystem): string =>
  String(toTenth(quantities(system).weight.convert(kg)));

/** A weight typed in the rider's unit (lb or kg) -> kg, unrounded (the API rounds what it keeps). */
export const weightToKg = (typed: number, system: UnitSystem): number =>
  quantities(system).weight.toSi(typed);

/**
 * The same weight to 0.1 in the rider's unit: a weight that went through kg (typed in pounds, kept
 * in kg) is unchanged when it shows the same pounds again.
 */
export const sameWeight = (a: number | null, b: number | null, system: UnitSystem): boolean =>
  a === null || b === null ? a === b : weightInputValue(a, system) === weightInputValue(b, system);

/**
 * The range a weight must be in, from its limits in kg, in the rider's unit to 0.1, rounded inwards so
 * that every value in it is accepted: 25-250 kg is 55.2-551.1 lb.
 */
export const weightRangeIn = (limits: { min: number; max: number }, system: UnitSystem) => {
  const { convert, unit } = quantities(system).weight;
  return {
    min: Math.ceil(convert(limits.min) * 10) / 10,
    max: Math.floor(convert(limits.max) * 10) / 10,
    unit,
  };
};

/** "Distance (mi)" / "Distance (km)" */
export const axisLabel = (label: string, quantity: QuantityName, system: UnitSystem): string =>
  `${label} (${quantities(system)[quantity].unit})`;

/** The names of the systems, as the profile offers them. */
export const UNIT_SYSTEM_LABELS: Record<UnitSystem, string> = {
  imperial: 'Imperial (mi, ft, mph, lb)',
  metric: 'Metric (km, m, km/h, kg)',
};
