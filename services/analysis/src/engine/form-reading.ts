import { formBand, type FormBand, type TrainingFormFacts } from '@domestique/proto';

/**
 * What the coach reads off the rider's training load (fitness CTL, fatigue ATL, form TSB, ramp rate)
 * before saying anything about it, for the ride feedback and the chat alike. The verdict is the only
 * place the coach decides how hard the rider may train next: deep fatigue or a steep ramp means rest
 * or easy riding, never more intensity.
 */
export interface FormReading {
  /** YYYY-MM-DD the load was read at (the ride's day, or today) */
  date: string;
  /** fitness and fatigue at the end of the day (the day's rides included) */
  ctl: number;
  atl: number;
  /** the form the day started with (yesterday's CTL minus yesterday's ATL) */
  tsbBefore: number;
  /** the form the next day starts with: today's CTL minus today's ATL */
  tsbAfter: number;
  /** CTL change over the last 7 days */
  rampRate: number;
  /** the intervals.icu band of tsbAfter */
  band: FormBand;
  /** the day's load (TSS) */
  dayLoad: number;
  /** hard days in a row up to and including the day (0 when the day was not hard) */
  hardDays: number;
  /** rest: rest or ride easy until form recovers; easy: the next day easy; train: the load allows training */
  verdict: 'rest' | 'easy' | 'train';
  /** form deeper than HIGH_RISK_TSB */
  deepFatigue: boolean;
  /** CTL rising faster than RAMP_LIMIT a week */
  steepRamp: boolean;
}

/** Below this TSB the rider is overreached (intervals.icu's high-risk band). */
export const HIGH_RISK_TSB = -30;
/** Above this TSB fatigue is low (the grey zone starts): where hard training can resume. */
export const GREY_ZONE_TSB = -10;
/** A CTL rise steeper than this per week is more than the body adapts to safely. */
export const RAMP_LIMIT_CTL_PER_WEEK = 8;
/**
 * Load data means something once fitness has built up: below this CTL (a new rider, the weeks after
 * the series is seeded at zero) the coach says nothing about form.
 */
export const MIN_CTL = 10;
/** A hard day's load: at least this TSS, and at least HARD_DAY_OF_CTL times the rider's fitness. */
export const HARD_DAY_MIN_TSS = 60;
export const HARD_DAY_OF_CTL = 1.3;

/** Whether a day's load was hard for a rider of this fitness. */
const isHardDay = (load: number, ctl: number): boolean =>
  load >= HARD_DAY_MIN_TSS && load >= ctl * HARD_DAY_OF_CTL;

/** Hard days in a row ending on the last day of `days` (oldest first). */
const hardStreak = (days: readonly { load: number }[], ctl: number): number => {
  let streak = 0;
  for (let i = days.length - 1; i >= 0 && isHardDay(days[i]!.load, ctl); i -= 1) streak += 1;
  return streak;
};

/** The coach's reading of the load; null without load data or before fitness has built up. */
export const readForm = (form: TrainingFormFacts | null | undefined): FormReading | null => {
  if (!form || !Number.isFinite(form.ctl) || !Number.isFinite(form.atl) || form.ctl < MIN_CTL) return null;
  const days = [...form.recentDays]
    .filter((d) => d.date <= form.date)
    .sort((a, b) => a.date.localeCompare(b.date));
  const dayLoad = days.at(-1)?.date === form.date ? days.at(-1)!.load : 0;
  const tsbAfter = form.ctl - form.atl;
  const deepFatigue = tsbAfter < HIGH_RISK_TSB;
  const steepRamp = form.rampRate > RAMP_LIMIT_CTL_PER_WEEK;
  const hardDays = dayLoad > 0 ? hardStreak(days, form.ctl) : 0;
  const verdict =
    deepFatigue || steepRamp ? 'rest' : tsbAfter < GREY_ZONE_TSB && hardDays >= 2 ? 'easy' : 'train';
  return {
    date: form.date,
    ctl: form.ctl,
    atl: form.atl,
    tsbBefore: form.tsb,
    tsbAfter,
    rampRate: form.rampRate,
    band: formBand(tsbAfter),
    dayLoad,
    hardDays,
    verdict,
    deepFatigue,
    steepRamp,
  };
};

/** A TSB or ramp as written: whole (ramp 1 decimal), with its sign ("-22", "+4", "0"). */
export const signed = (value: number, decimals = 0): string => {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return (0).toFixed(decimals);
  return `${value < 0 ? '-' : '+'}${text}`;
};

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];

/** "three hard days", "9 hard days" */
export const countInWords = (count: number): string => WORDS[count] ?? String(count);

/**
 * The facts of a form reading (keys name their unit: Ctl, Atl, Tsb, CtlPerWeek, Tss), and the
 * thresholds the coach's verdict uses, so every number of a form sentence can be checked.
 */
export const formFacts = (form: FormReading, days: readonly { date: string; load: number }[]) => ({
  date: form.date,
  ctl: form.ctl,
  atl: form.atl,
  /** the form the day started with */
  tsb: form.tsbBefore,
  /** the form the next day starts with (CTL minus ATL of the day) */
  nextDayTsb: form.tsbAfter,
  rampRateCtlPerWeek: form.rampRate,
  band: form.band,
  dayTss: form.dayLoad,
  hardDayStreak: form.hardDays,
  verdict: form.verdict,
  recentDays: days.map((d) => ({ date: d.date, tss: d.load })),
  thresholds: {
    highRiskTsb: HIGH_RISK_TSB,
    greyZoneTsb: GREY_ZONE_TSB,
    rampLimitCtlPerWeek: RAMP_LIMIT_CTL_PER_WEEK,
  },
});

/** Words of a prescription that asks for more: intensity, a test, a race, more volume (not "after three hard days"). */
const PUSH =
  /\b(intervals?|vo2\s?max|threshold|sweet[- ]spot|over[- ]unders?|quality (session|ride)|key (session|workout)|(another|next|more|add|do|plan|go for) (an? )?hard(er)? (session|effort|ride|workout|day)s?|go harder|push(ing)? (harder|on|through)|(ftp|ramp|20[- ]minute) test|race|racing|add(ing)? (more )?(volume|intensity|load|time)|increase|lift your|ride (longer|harder|more)|build (the|your) load)\b/i;
/** A sentence that holds intensity off ("no intervals until...", "keep the next hard session until ..."). */
const HOLDS_OFF =
  /\b(no|not|never|avoid|skip|until|before|instead of|hold off|don't|do not|after your form|once your form)\b/i;

/**
 * The sentences of a text that push for more training without holding it off: with a rest or easy
 * verdict, none may stay (the LLM's text is sent back, then replaced by the built-in coach's).
 */
export const pushingSentences = (text: string): string[] =>
  text.split(/(?<=[.!?])\s+|\n+/).filter((sentence) => {
    // quoted ride names and goal titles ("Race day") are not advice
    const said = sentence.replace(/"[^"]*"/g, '""');
    return PUSH.test(said) && !HOLDS_OFF.test(said);
  });
