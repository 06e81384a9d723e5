import { target } from '../engine/targets.js';
import { whole } from '../engine/format.js';
import {
  countInWords,
  GREY_ZONE_TSB,
  HIGH_RISK_TSB,
  pushingSentences,
  RAMP_LIMIT_CTL_PER_WEEK,
  signed,
  type FormReading,
} from '../engine/form-reading.js';
import type { RiderSnapshot } from './rider-snapshot.js';

/**
 * The chat's answers about training load: "am I getting fitter", "am I overtraining", "when should
 * I rest", answered from fitness (CTL), fatigue (ATL), form (TSB) and the ramp rate, with a verdict
 * that follows the load (FormReading.verdict): deep fatigue or a steep ramp is always rest or easy
 * riding. Every number is in the chat's facts (coach-facts.ts `form`). Without load data the
 * caller answers as before (trends, rest days): nothing is said about form.
 */

/** What a load question asks. */
export type FormQuestion = 'fitter' | 'overtraining' | 'rest' | 'load';

/** Which load question a message asks. */
export const formQuestionOf = (message: string): FormQuestion =>
  /\b(fitter|fitness|stronger)\b/i.test(message)
    ? 'fitter'
    : /\b(over-?train\w*|over-?reach\w*|too much)\b/i.test(message)
      ? 'overtraining'
      : /\b(rest|recover\w*|day off|break|easy day)\b/i.test(message)
        ? 'rest'
        : 'load';

/** An answer's parts, as the responder assembles them. */
export interface LoadAnswer {
  /** said first, every time (the load's numbers and verdict change from day to day) */
  lead?: string | null;
  openings: (string | null)[];
  tips: (string | null)[];
  closings: string[];
}

const easySpin = (s: RiderSnapshot): string => `30-60 min ${target(s, 'recovery')}`;
const recovered = `your form (TSB) is back above ${signed(GREY_ZONE_TSB)}`;

/** The numbers: "fitness (CTL) 62, fatigue (ATL) 80, form (TSB) -18 and a ramp rate of +3.2 CTL a week". */
const loadLine = (form: FormReading): string => {
  const today = `form (TSB) ${signed(form.tsbBefore)} today`;
  // the verdicts speak of the form tomorrow starts with (after today's riding): say both when they differ
  const after =
    signed(form.tsbAfter) === signed(form.tsbBefore)
      ? ''
      : ` and TSB ${signed(form.tsbAfter)} ${form.dayLoad > 0 ? "after today's riding" : 'by tomorrow'}`;
  return `Your training load: fitness (CTL) ${whole(form.ctl)}, fatigue (ATL) ${whole(form.atl)}, ${today}${after}, and a ramp rate of ${signed(form.rampRate, 1)} CTL a week.`;
};

/** The rest advice of a rest verdict: why, and what to do until the form recovers. */
const restAdvice = (form: FormReading, s: RiderSnapshot): string[] => [
  ...(form.deepFatigue
    ? [
        `A TSB below ${signed(HIGH_RISK_TSB)} is the high-risk zone: fatigue (ATL) ${whole(form.atl)} is far ahead of fitness (CTL) ${whole(form.ctl)}.`,
      ]
    : []),
  ...(form.steepRamp
    ? [
        `Your ramp rate of ${signed(form.rampRate, 1)} CTL a week is above the ${RAMP_LIMIT_CTL_PER_WEEK} CTL a week the body absorbs safely.`,
      ]
    : []),
  `Rest now: take tomorrow off or keep it to ${easySpin(s)}, and ride only easy until ${recovered}; no intervals or long rides before then.`,
];

const fitter = (form: FormReading, s: RiderSnapshot): string[] => {
  const ramp = `ramp rate of ${signed(form.rampRate, 1)} CTL a week`;
  const verdict =
    form.rampRate >= 0.5
      ? `Yes: your fitness (CTL) is rising, a ${ramp}.`
      : form.rampRate <= -0.5
        ? `Not at the moment: your fitness (CTL) is falling, a ${ramp}; steady, regular riding turns that around.`
        : `Holding steady: your fitness (CTL) is flat, a ${ramp}.`;
  return form.verdict === 'rest' ? [verdict, ...restAdvice(form, s)] : [verdict];
};

const overtraining = (form: FormReading, s: RiderSnapshot): string[] => {
  if (form.verdict === 'rest') return ['Your load says yes, you are at risk.', ...restAdvice(form, s)];
  if (form.verdict === 'easy')
    return [
      `Not overtrained, but tired: your form (TSB) is ${signed(form.tsbAfter)} after ${countInWords(form.hardDays)} hard days, so tomorrow should be easy (${easySpin(s)}).`,
    ];
  if (form.band === 'optimal')
    return [
      `No: a form (TSB) of ${signed(form.tsbAfter)} is productive training, with fatigue you can absorb as long as your easy days stay easy; below ${signed(HIGH_RISK_TSB)} it would be too much.`,
    ];
  return [`No: with your form (TSB) at ${signed(form.tsbAfter)} your fatigue is low.`];
};

const rest = (form: FormReading, s: RiderSnapshot): string[] => {
  if (form.verdict === 'rest') return restAdvice(form, s);
  if (form.verdict === 'easy')
    return [
      `Tomorrow: after ${countInWords(form.hardDays)} hard days your form (TSB) is ${signed(form.tsbAfter)}, so make it a day off or ${easySpin(s)}, and keep the next hard session until ${recovered}.`,
    ];
  if (form.band === 'optimal')
    return [
      `Not urgently: your form (TSB) is ${signed(form.tsbAfter)}. Put an easy day after each hard session, and rest at once if your form (TSB) drops below ${signed(HIGH_RISK_TSB)}.`,
    ];
  return [
    `You are not tired now (form (TSB) ${signed(form.tsbAfter)}): keep one or two easy days a week, and every third or fourth week ease off by about a third.`,
  ];
};

const load = (form: FormReading, s: RiderSnapshot): string[] => {
  if (form.verdict !== 'train') return form.verdict === 'rest' ? restAdvice(form, s) : rest(form, s);
  const band = {
    'high-risk': 'the high-risk band',
    optimal: 'the optimal band: productive training',
    grey: 'the grey zone: a load that holds your fitness',
    fresh: 'the fresh band: a good moment for a key session or an event',
    transition: 'the transition band: fitness is fading, so build back up gradually',
  }[form.band];
  return [`Your form (TSB) of ${signed(form.tsbAfter)} sits in ${band}.`];
};

const VERDICTS: Record<FormQuestion, (form: FormReading, s: RiderSnapshot) => string[]> = {
  fitter,
  overtraining,
  rest,
  load,
};

/** The answer to a load question from the rider's CTL, ATL, TSB and ramp rate. */
export const loadAnswer = (form: FormReading, s: RiderSnapshot, question: FormQuestion): LoadAnswer => ({
  lead: [loadLine(form), ...VERDICTS[question](form, s)].join(' '),
  openings: [],
  tips: [],
  closings: ['How do your legs feel at the moment?', 'Do you want a week laid out around this?'],
});

/**
 * A how-to answer while the load calls for rest: it opens with the rest advice and keeps none of
 * the tips that ask for more (intervals, tests, more volume). Other answers are unchanged.
 */
export const restrainedByLoad = (s: RiderSnapshot, answer: LoadAnswer): LoadAnswer => {
  const form = s.form;
  if (!form || form.verdict !== 'rest') return answer;
  const calm = (text: string | null) => text !== null && pushingSentences(text).length === 0;
  return {
    lead: answer.lead ?? [`First, your load. ${loadLine(form)}`, ...restAdvice(form, s)].join(' '),
    openings: answer.openings.filter(calm),
    tips: answer.tips.filter(calm),
    closings: answer.closings,
  };
};
