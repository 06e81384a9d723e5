import type { NumberFact, NumberFacts, NumberUnit, PercentBase } from './number-facts.js';

export type { NumberFacts } from './number-facts.js';

export interface NumberCheck {
  ok: boolean;
  /** how many numbers (and dates) the text holds */
  checked: number;
  /** the numbers no fact of their unit rounds to, with where they start in the text */
  wrong: { text: string; index: number }[];
}

/** A number as written: its digits, precision and what its label says it is. */
interface Mention {
  text: string;
  index: number;
  /** the next character after the number */
  end: number;
  value: number;
  decimals: number;
  unit: NumberUnit | null;
  base?: PercentBase;
  /** the bpm or watts written just before a share ("190 bpm (91% of ...") */
  pairedWith?: number;
  /** said to be an FTP ("FTP of 270 W") */
  ftp?: boolean;
  /** a duration in seconds and the precision it was written to */
  seconds?: { value: number; precision: 1 | 60 | 3600 };
  /** "9:30" read as hours and minutes instead of minutes and seconds */
  alsoSeconds?: number;
  /** written with a minus sign ("-22"): read for the signed units only (form, ramp rate) */
  negative?: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
const DATE_PATTERNS: { pattern: RegExp; read: (m: RegExpExecArray) => [number, number, number | null] }[] = [
  {
    pattern: new RegExp(`\\b${MONTH} (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?\\b`, 'g'),
    read: (m) => [MONTHS.indexOf(m[1]!.toLowerCase()), Number(m[2]), m[3] ? Number(m[3]) : null],
  },
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? ${MONTH}(?:,? (\\d{4}))?\\b`, 'g'),
    read: (m) => [MONTHS.indexOf(m[2]!.toLowerCase()), Number(m[1]), m[3] ? Number(m[3]) : null],
  },
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    read: (m) => [Number(m[2]) - 1, Number(m[3]), Number(m[1])],
  },
];

/** Written units after a number, first match wins. */
const UNITS_AFTER: [RegExp, NumberUnit][] = [
  [/^\s?%/, '%'],
  [/^\s?W\/kg\b/, 'W/kg'],
  [/^\s?(?:W|watts?)\b/, 'W'],
  [/^\s?bpm\b/i, 'bpm'],
  [/^\s?rpm\b/i, 'rpm'],
  [/^\s?(?:ft per mile|ft\/mi)\b/, 'ft/mi'],
  [/^\s?(?:m per km|m\/km)\b/, 'm/km'],
  [/^\s?(?:ft|feet)\b/, 'ft'],
  [/^\s?mph\b/, 'mph'],
  [/^\s?(?:km\/h|kph)(?![\w/])/, 'km/h'],
  [/^\s?(?:km|kms|kilomet(?:er|re)s?)\b/, 'km'],
  [/^\s?(?:m|metres|meters)\b(?!\/)/, 'm'],
  [/^\s?(?:mi|miles?)\b/, 'mi'],
  [/^\s?kJ\b/i, 'kJ'],
  [/^\s?(?:kcal|calories)\b/i, 'kcal'],
  [/^\s?TSS\b/, 'TSS'],
  [/^\s?CTL\s?(?:\/\s?week|per week|a week)\b/, 'CTL/week'],
  [/^\s?kg\b/, 'kg'],
  [/^\s?g\b/, 'g'],
  [/^\s?ml\b/, 'ml'],
  [/^\s?(?:h|hours?|hrs?)\b/, 'h'],
  [/^\s?days?\b/, 'days'],
  [/^\s?weeks?\b/, 'weeks'],
  [/^\s?(?:x|×)\s/, 'count'],
];

/** Labels written before a number. */
const LABELS_BEFORE: [RegExp, NumberUnit][] = [
  [/(?:\bIF\b|\b[Ii]ntensity factor)[^.\d]{0,16}$/, 'IF'],
  [/(?:\bTSS\b|\b[Tt]raining stress score)[^.\d]{0,12}$/, 'TSS'],
  [/(?:\bVI\b|\b[Vv]ariability index)[^.\d]{0,12}$/, 'VI'],
  [/(?:\bEF\b|\b[Ee]fficiency factor)[^.\d]{0,16}$/, 'EF'],
  [/\b[Rr]amp rate[^.\d]{0,16}$/, 'CTL/week'],
  [/\bCTL\b[^.\d]{0,16}$/, 'CTL'],
  [/\bATL\b[^.\d]{0,16}$/, 'ATL'],
  [/\bTSB\b[^.\d]{0,16}$/, 'TSB'],
];

/** Units whose sign is part of the claim: a form of -22 is not a form of +22. */
const SIGNED: ReadonlySet<NumberUnit> = new Set<NumberUnit>(['TSB', 'CTL/week']);

/** A minus sign written as a sign ("is -22", "(-4"), not as a range's dash ("56-75"). */
const MINUS_BEFORE = /(?:^|[\s(:])[-−]$/;

const PERCENT_OF: [RegExp, PercentBase][] = [
  [/^%\)?\s*of\s+(?:your\s+|the\s+|an\s+)?FTP\b/i, 'ftp'],
  [/^%\)?\s*of\s+(?:your\s+)?(?:lactate\s+)?threshold\b/i, 'threshold-hr'],
  [/^%\)?\s*of\s+(?:your\s+)?(?:known\s+)?max(?:imum)?\b/i, 'max-hr'],
];

/** Which fact units a written unit may be. */
const COMPATIBLE: Partial<Record<NumberUnit, NumberUnit[]>> = {
  count: ['count', 'zone'],
  days: ['days', 'count'],
  weeks: ['weeks', 'count'],
};

const DURATION_WORDS =
  /\b(\d+(?:\.\d+)?)(?:\s?[-–]\s?(\d+(?:\.\d+)?))?[\s-](hours?|hrs?|minutes?|mins?|min|seconds?|secs?|s)\b/g;
const CLOCK = /\b(\d{1,2}):(\d{2})(?::(\d{2}))?\b/g;
const HOURS_MINUTES = /\b(\d+)h(?:\s?(\d+)m)?\b|\b(\d+)m\b(?!\w)|\b(\d+)s\b/g;
const NUMBER = /(Z|x|×)?(\d{1,3}(?:,\d{3})+(?!\d)|\d+)(\.\d+)?/g;

const blank = (text: string, from: number, to: number): string =>
  text.slice(0, from) + ' '.repeat(to - from) + text.slice(to);

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does `value`, rounded to `decimals`, read as `written`? */
const renders = (value: number, written: number, decimals: number): boolean => {
  const f = 10 ** decimals;
  const v = Math.abs(value);
  return (
    Math.round(v * f) / f === written ||
    Math.abs(Math.round(value * f)) / f === written ||
    Number(v.toFixed(decimals)) === written
  );
};

const durationMatches = (seconds: { value: number; precision: number }, fact: NumberFact): boolean => {
  const factSeconds = fact.unit === 'h' ? fact.value * 3600 : fact.unit === 'duration' ? fact.value : NaN;
  if (!Number.isFinite(factSeconds)) return false;
  const written = seconds.value / seconds.precision;
  const exact = factSeconds / seconds.precision;
  return Math.floor(exact + 1e-9) === written || Math.round(exact) === written;
};

/**
 * Checks every number of `text` against `facts`, rounded as displayed: a number is right when some
 * fact of the unit its label names rounds to exactly the written digits ("0.99" from 0.987; "1,234"
 * from 1234.4). Durations ("2h 15m", "20-minute", "1:02:03") match durations; dates match the facts'
 * dates; a share "of FTP" / "of your threshold heart rate" / "of your max" matches only shares of
 * that reference, and one written after a bpm or watts value only the share of that value. Training
 * load is labelled ("fitness (CTL) 62", "form (TSB) is -18", "ramp rate of +3.2 CTL a week"), and a
 * form or ramp must have the fact's sign too. Ride names and goal titles are not read for numbers.
 */
export const checkNumbers = (text: string, facts: NumberFacts): NumberCheck => {
  let masked = text;
  const wrong: NumberCheck['wrong'] = [];
  let checked = 0;

  // names and titles: their digits are part of a name
  for (const name of [...facts.names].sort((a, b) => b.length - a.length)) {
    if (!/\d/.test(name)) continue;
    for (const m of masked.matchAll(new RegExp(escape(name), 'g')))
      masked = blank(masked, m.index, m.index + m[0].length);
  }

  // dates
  const factDates = facts.dates.map((d) => [
    Number(d.slice(5, 7)) - 1,
    Number(d.slice(8, 10)),
    Number(d.slice(0, 4)),
  ]);
  for (const { pattern, read } of DATE_PATTERNS) {
    for (const m of [...masked.matchAll(pattern)]) {
      const [month, dayOfMonth, year] = read(m);
      checked += 1;
      const known = factDates.some(
        ([fm, fd, fy]) => fm === month && fd === dayOfMonth && (year === null || fy === year),
      );
      if (!known) wrong.push({ text: m[0], index: m.index });
      masked = blank(masked, m.index, m.index + m[0].length);
    }
  }

  const mentions: Mention[] = [];
  const durationMention = (
    m: RegExpExecArray,
    written: string,
    index: number,
    seconds: number,
    precision: 1 | 60 | 3600,
  ) =>
    mentions.push({
      text: written,
      index,
      end: index + written.length,
      value: seconds / precision,
      decimals: 0,
      unit: 'duration',
      seconds: { value: seconds, precision },
    });

  // durations: "1:02:03", "2h 15m", "45m", "30s", "20-minute", "60-90 min", "24-48 hours"
  for (const m of [...masked.matchAll(CLOCK)]) {
    const [h, mm, ss] =
      m[3] !== undefined ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, Number(m[1]), Number(m[2])];
    durationMention(m, m[0], m.index, h * 3600 + mm * 60 + ss, 1);
    // "9:30" may also be hours and minutes (a time of day, or 9h 30m)
    if (m[3] === undefined) mentions.at(-1)!.alsoSeconds = Number(m[1]) * 3600 + Number(m[2]) * 60;
    masked = blank(masked, m.index, m.index + m[0].length);
  }
  for (const m of [...masked.matchAll(HOURS_MINUTES)]) {
    if (m[1] !== undefined)
      durationMention(
        m,
        m[0],
        m.index,
        Number(m[1]) * 3600 + Number(m[2] ?? 0) * 60,
        m[2] !== undefined ? 60 : 3600,
      );
    else if (m[3] !== undefined) durationMention(m, m[0], m.index, Number(m[3]) * 60, 60);
    else durationMention(m, m[0], m.index, Number(m[4]), 1);
    masked = blank(masked, m.index, m.index + m[0].length);
  }
  for (const m of [...masked.matchAll(DURATION_WORDS)]) {
    const word = m[3]!.toLowerCase();
    const precision = word.startsWith('h') ? 3600 : word.startsWith('m') ? 60 : 1;
    if (m[1]!.includes('.') || m[2]?.includes('.')) continue; // "1.5 hours": read as a number below
    durationMention(m, m[1]!, m.index, Number(m[1]) * precision, precision);
    if (m[2] !== undefined) {
      const at = m.index + m[0].indexOf(m[2], m[1]!.length);
      durationMention(m, m[2], at, Number(m[2]) * precision, precision);
    }
    masked = blank(masked, m.index, m.index + m[0].length);
  }

  // every other number, with the unit after it or the label before it
  for (const m of masked.matchAll(NUMBER)) {
    const prefix = m[1];
    const start = m.index + (prefix?.length ?? 0);
    const before = masked[m.index - 1];
    if (!prefix && before !== undefined && /[A-Za-z0-9.]/.test(before)) continue; // part of a word: "VO2max"
    if (prefix && before !== undefined && /[A-Za-z0-9]/.test(before)) continue;
    const digits = `${m[2]}${m[3] ?? ''}`;
    const end = m.index + m[0].length;
    const after = masked.slice(end);
    const mention: Mention = {
      text: digits,
      index: start,
      end,
      value: Number(digits.replace(/,/g, '')),
      decimals: m[3] ? m[3].length - 1 : 0,
      unit: prefix === 'Z' ? 'zone' : prefix ? 'count' : null,
      negative: !prefix && MINUS_BEFORE.test(masked.slice(Math.max(0, m.index - 2), m.index)),
    };
    if (!prefix) {
      for (const [pattern, unit] of UNITS_AFTER)
        if (pattern.test(after)) {
          mention.unit = unit;
          break;
        }
      // "180 of 500 mi": a part takes the unit of its whole
      const whole = /^\s+of\s+\d[\d,]*(?:\.\d+)?/.exec(after);
      if (mention.unit === null && whole)
        for (const [pattern, unit] of UNITS_AFTER)
          if (unit !== 'count' && unit !== '%' && pattern.test(after.slice(whole[0].length))) {
            mention.unit = unit;
            break;
          }
      const head = masked.slice(Math.max(0, m.index - 40), m.index);
      if (mention.unit === null)
        for (const [pattern, unit] of LABELS_BEFORE)
          if (pattern.test(head)) {
            mention.unit = unit;
            break;
          }
      if (mention.unit === '%') {
        for (const [pattern, base] of PERCENT_OF) if (pattern.test(after.trimStart())) mention.base = base;
        const paired = /(\d+(?:\.\d+)?)\s?(bpm|W)\s*\(\s*$/.exec(head);
        if (paired && mention.base) mention.pairedWith = Number(paired[1]);
      }
      if (
        mention.unit === 'W' &&
        /\bFTP(?:\s+(?:of|is|was|at|to|near|around))?(?:\s+about)?\s*:?\s*\(?$/i.test(head)
      )
        mention.ftp = true;
    }
    mentions.push(mention);
  }

  // a range takes the unit of its second number: "56-75%", "200-225 W", "60-90 g"
  mentions.sort((a, b) => a.index - b.index);
  for (let i = mentions.length - 2; i >= 0; i -= 1) {
    const here = mentions[i]!;
    const next = mentions[i + 1]!;
    if (
      here.unit === null &&
      /^\s?(?:-|–|to)\s?$/.test(masked.slice(here.end, next.index)) &&
      next.unit !== 'duration'
    ) {
      here.unit = next.unit;
      here.base = next.base;
    }
  }

  for (const mention of mentions) {
    checked += 1;
    const stated = mention.unit === 'IF' ? ftpsStatedWith(mention, mentions, masked) : [];
    const right = stated.length ? fitsStatedFtp(mention, stated, facts) : isKnown(mention, facts.numbers);
    if (!right) wrong.push({ text: mention.text, index: mention.index });
  }
  wrong.sort((a, b) => a.index - b.index);
  return { ok: wrong.length === 0, checked, wrong };
};

/** Where the sentence holding `index` starts and ends (a stop followed by a space, or a new line). */
const sentenceAround = (text: string, index: number): [number, number] => {
  const ends = (i: number) => text[i] === '\n' || ('.!?'.includes(text[i]!) && /\s/.test(text[i + 1] ?? ' '));
  let from = index;
  while (from > 0 && !ends(from - 1)) from -= 1;
  let to = index;
  while (to < text.length && !ends(to)) to += 1;
  return [from, to];
};

/** The FTPs stated in the sentence of an IF. */
const ftpsStatedWith = (mention: Mention, mentions: Mention[], text: string): Mention[] => {
  const [from, to] = sentenceAround(text, mention.index);
  return mentions.filter((m) => m.ftp && m.index >= from && m.index < to);
};

/** An IF in a sentence that states an FTP must be the IF measured against that FTP. */
const fitsStatedFtp = (mention: Mention, stated: Mention[], facts: NumberFacts): boolean =>
  stated.every((ftp) =>
    facts.ftpIntensity.some(
      (pair) =>
        Math.round(pair.ftpW) === ftp.value && renders(pair.intensityFactor, mention.value, mention.decimals),
    ),
  );

const isKnown = (mention: Mention, numbers: readonly NumberFact[]): boolean => {
  if (mention.seconds) {
    const readings = [mention.seconds];
    if (mention.alsoSeconds !== undefined) readings.push({ value: mention.alsoSeconds, precision: 60 });
    return readings.some((seconds) => numbers.some((fact) => durationMatches(seconds, fact)));
  }
  const units = mention.unit === null ? null : (COMPATIBLE[mention.unit] ?? [mention.unit]);
  return numbers.some((fact) => {
    if (units === null ? fact.unit === 'duration' : !units.includes(fact.unit)) return false;
    if (mention.base && fact.base !== mention.base) return false;
    if (
      mention.pairedWith !== undefined &&
      (fact.of === undefined || Math.round(fact.of) !== mention.pairedWith)
    )
      return false;
    if (mention.ftp && !fact.ftp) return false;
    if (!renders(fact.value, mention.value, mention.decimals)) return false;
    // a signed claim: the sign written is the fact's (a value that rounds to 0 has none)
    return (
      !(mention.unit && SIGNED.has(mention.unit)) ||
      mention.value === 0 ||
      fact.value < 0 === !!mention.negative
    );
  });
};
