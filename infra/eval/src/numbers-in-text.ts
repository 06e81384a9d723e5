/** The numbers a text states, each with the smallest unit its digits show (to check them as displayed). */

export interface StatedNumber {
  value: number;
  /** the displayed precision: 1 for "262", 0.1 for "7.9", 1/60 for "9 h 52 min" (in hours) */
  unit: number;
  text: string;
}

const NUMBER = /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?/g;
const HOURS_MINUTES = /(\d+)\s*(?:h|hr|hrs|hours?)\s*(?:and\s*)?(\d{1,2})\s*(?:m|min|mins|minutes?)\b/gi;
const CLOCK = /\b(\d{1,3}):(\d{2})(?::(\d{2}))?\b/g;

/** Every number of the text; durations such as "9 h 52 min" and "9:52" also count as decimal hours. */
export const statedNumbers = (text: string): StatedNumber[] => {
  const found: StatedNumber[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const decimals = m[2]?.length ?? 0;
    found.push({
      value: Number(`${m[1]!.replace(/,/g, '')}${decimals ? `.${m[2]}` : ''}`),
      unit: 10 ** -decimals,
      text: m[0],
    });
  }
  for (const m of text.matchAll(HOURS_MINUTES))
    found.push({ value: Number(m[1]) + Number(m[2]) / 60, unit: 1 / 60, text: m[0] });
  for (const m of text.matchAll(CLOCK))
    if (m[3] === undefined) found.push({ value: Number(m[1]) + Number(m[2]) / 60, unit: 1 / 60, text: m[0] });
    else
      found.push({
        value: Number(m[1]) + Number(m[2]) / 60 + Number(m[3]) / 3600,
        unit: 1 / 3600,
        text: m[0],
      });
  return found;
};

/**
 * True when `stated`, shown with a precision of `unit`, is `truth` rounded to that precision: within
 * half a unit, plus 0.1% of the truth for arithmetic done in another order on the same data.
 */
export const roundsTo = (stated: number, unit: number, truth: number): boolean =>
  Math.abs(stated - truth) <= unit / 2 + 0.001 * Math.abs(truth) + 1e-9;

/** True when the text states one of `truths` as displayed (or within `relative` of it). */
export const statesNumber = (text: string, truths: readonly number[], relative = 0): boolean =>
  statedNumbers(text).some(({ value, unit }) =>
    truths.some(
      (truth) =>
        roundsTo(value, unit, truth) ||
        (relative > 0 && Math.abs(value - truth) <= relative * Math.abs(truth)),
    ),
  );
