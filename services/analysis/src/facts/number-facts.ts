import type { RideAnalysisInput } from '../engine/ride-analysis-input.js';
import { buildRideFacts, type RideFactSheet } from './ride-facts.js';

/** The unit a number is written in (what a text's label says it is). */
export type NumberUnit =
  | 'W'
  | 'W/kg'
  | 'kg'
  | 'bpm'
  | 'rpm'
  | '%'
  | 'mi'
  | 'ft'
  | 'ft/mi'
  | 'm/km'
  | 'mph'
  | 'km'
  | 'm'
  | 'km/h'
  | 'kJ'
  | 'kcal'
  | 'TSS'
  | 'IF'
  | 'VI'
  | 'EF'
  | 'CTL'
  | 'ATL'
  | 'TSB'
  | 'CTL/week'
  | 'g'
  | 'ml'
  | 'h'
  | 'duration'
  | 'days'
  | 'weeks'
  | 'zone'
  | 'count';

/** What a percentage is a share of, when a text says so ("91% of your threshold heart rate"). */
export type PercentBase = 'ftp' | 'threshold-hr' | 'max-hr';

export interface NumberFact {
  value: number;
  unit: NumberUnit;
  /** where it sits in the facts ("heartRate.maxPctOfThresholdHr") */
  path: string;
  /** for percentages of a reference: which reference */
  base?: PercentBase;
  /** for percentages of a reference: the value the share is of (the bpm or watts beside it) */
  of?: number;
  /** an FTP value: what "FTP of N W" may say */
  ftp?: boolean;
}

/** Everything a text about a ride (or a rider) may state as a number, a date or a name. */
export interface NumberFacts {
  numbers: NumberFact[];
  /** YYYY-MM-DD */
  dates: string[];
  /** ride names, goal titles and descriptions from the rides service: their digits are quoted, not stated */
  names: string[];
  /**
   * Each FTP a text may state with the IF measured against it: in a sentence that states both, the
   * IF must be the one of that FTP (normalized power / FTP).
   */
  ftpIntensity: { ftpW: number; intensityFactor: number }[];
}

/** Units from key suffixes, first match wins (W/kg before W, PctOfFtp before Pct). */
const KEY_UNITS: [RegExp, NumberUnit, PercentBase?][] = [
  [/CtlPerWeek$/, 'CTL/week'],
  [/(^c|C)tl$/, 'CTL'],
  [/(^a|A)tl$/, 'ATL'],
  [/(^t|T)sb$/, 'TSB'],
  [/PctOfFtp$/, '%', 'ftp'],
  [/PctOfThresholdHr$/, '%', 'threshold-hr'],
  [/PctOfMaxHr$/, '%', 'max-hr'],
  [/Pct$/, '%'],
  [/WPerKg$/, 'W/kg'],
  [/Bpm$/, 'bpm'],
  [/Rpm$/, 'rpm'],
  [/Kj$/, 'kJ'],
  [/Kcal$/, 'kcal'],
  [/Mph$/, 'mph'],
  [/Kmh$/, 'km/h'],
  [/MPerKm$/, 'm/km'],
  [/Km$/, 'km'],
  [/[a-z]M$/, 'm'],
  [/FtPerMi$/, 'ft/mi'],
  [/Ft$/, 'ft'],
  [/Mi$/, 'mi'],
  [/Kg$/, 'kg'],
  [/Grams$/, 'g'],
  [/Ml$/, 'ml'],
  [/Hours$/, 'h'],
  [/Seconds$/, 'duration'],
  [/(^d|D)ays$/, 'days'],
  [/(^w|W)eeks$/, 'weeks'],
  [/W$/, 'W'],
  [/(^t|T)ss$/, 'TSS'],
  [/(^i|I)ntensityFactor$/, 'IF'],
  [/(^v|V)ariabilityIndex$/, 'VI'],
  [/(^e|E)fficiencyFactor$/, 'EF'],
  [/^zones$/, 'zone'],
];

const unitOf = (key: string): { unit: NumberUnit; base?: PercentBase } => {
  for (const [pattern, unit, base] of KEY_UNITS) if (pattern.test(key)) return { unit, base };
  return { unit: 'count' };
};

const DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * The numbers, dates and names of a facts object (a RideFactSheet, or any object keyed the same
 * way): each number with the unit its key names.
 */
export const numberFactsOf = (facts: unknown): NumberFacts => {
  const out: NumberFacts = { numbers: [], dates: [], names: [], ftpIntensity: [] };
  const visit = (value: unknown, key: string, path: string, parent: Record<string, unknown> | null) => {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return;
      const { unit, base } = unitOf(key);
      const fact: NumberFact = { value, unit, path };
      if (base) {
        fact.base = base;
        const stem = key.slice(0, key.indexOf('PctOf'));
        const of = parent?.[`${stem}Bpm`] ?? parent?.[`${stem}W`];
        if (typeof of === 'number') fact.of = of;
      }
      if (unit === 'W' && /ftp/i.test(key)) fact.ftp = true;
      out.numbers.push(fact);
    } else if (typeof value === 'string') {
      if (DATE.test(value)) out.dates.push(value.slice(0, 10));
      else if (key === 'name' || key === 'title' || key.endsWith('Description')) out.names.push(value);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, key, `${path}[${i}]`, parent));
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const [k, v] of Object.entries(record)) visit(v, k, path ? `${path}.${k}` : k, record);
    }
  };
  visit(facts, '', '', null);
  return out;
};

/** The NumberFacts of a ride's facts object, with the IF each stated FTP gives. */
export const rideSheetNumberFacts = (sheet: RideFactSheet): NumberFacts => {
  const facts = numberFactsOf(sheet);
  const power = sheet.power;
  if (power?.normalizedW != null)
    for (const ftp of [power.ftpW, power.currentFtpW, power.ftpFrom20MinW])
      if (ftp) facts.ftpIntensity.push({ ftpW: ftp, intensityFactor: power.normalizedW / ftp });
  return facts;
};

/** The NumberFacts a ride's feedback is checked against. */
export const rideFeedbackNumberFacts = (input: RideAnalysisInput, now: Date): NumberFacts =>
  rideSheetNumberFacts(buildRideFacts(input, now));
