import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { UnitSystem } from '@domestique/proto';
import { z } from 'zod';
import type { CoachQuestion } from '../coach/coach-question.js';
import { windowTotals } from '../coach/coach-data.js';
import { snapshotFacts } from '../coach/coach-facts.js';
import { coachReply } from '../coach/coach-responder.js';
import { COACH_SAFETY_RULE } from '../coach/coach-safety.js';
import { readRider } from '../coach/rider-snapshot.js';
import type { RideFactSheet } from '../facts/ride-facts.js';

/** Non-empty strings, checked after parsing (length limits are not part of strict JSON schemas). */
const nonEmpty = <T extends Record<string, string>>(value: T, ctx: z.RefinementCtx) => {
  for (const [key, text] of Object.entries(value))
    if (!text.trim()) ctx.addIssue({ code: 'custom', path: [key], message: 'must not be empty' });
};

/** The feedback the LLM must return (spec section 3, aiFeedback). */
export const RideFeedbackSchema = z
  .strictObject({
    summary: z.string(),
    strengths: z.string(),
    weaknesses: z.string(),
    recommendations: z.string(),
    fullAnalysis: z.string(),
  })
  .superRefine(nonEmpty);

export const CoachAnswerSchema = z.strictObject({ answer: z.string() }).superRefine(nonEmpty);

/** JSON numbers as the prompt carries them: facts keep full precision, the LLM reads 2 decimals. */
const roundedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 100) / 100 : v,
  );

/** What the LLM is told about the rider's units: the facts are given in them, and the text uses them. */
export const unitsRule = (system: UnitSystem): string =>
  system === 'metric'
    ? "The rider's units are metric: the facts give distances in km (key suffix Km), climbing in metres (M), speeds in km/h (Kmh) and climbing rates in m per km (MPerKm); write them so, with 2 decimals as the facts give them, and never write miles, feet or mph."
    : "The rider's units are imperial: the facts give distances in miles (key suffix Mi), climbing in feet (Ft), speeds in mph (Mph) and climbing rates in ft per mile (FtPerMi); write them so, with 2 decimals as the facts give them.";

/**
 * The training-load rule of both prompts: the numbers, how they are written (the number check reads
 * "CTL", "ATL", "TSB" and "CTL a week" as labels, and the sign of form and ramp), and the verdict the
 * advice must follow. The providers check it too (pushingSentences).
 */
export const FORM_RULE =
  'Training load (form.*): fitness form.ctl (write "fitness (CTL) 62"), fatigue form.atl ("fatigue (ATL) 80"), form after the ride form.nextDayTsb ("form (TSB) is -18", whole, with its sign; form.tsb is the form the day started with) and form.rampRateCtlPerWeek ("ramp rate of +3.2 CTL a week"). Follow form.verdict: "rest" (TSB below -30 or a ramp above 8 CTL a week) means rest or easy riding only, never intervals, tests, races, harder or longer rides or more volume; "easy" means the next day easy and no hard session until the form is back above -10. When form is null, say nothing about form, fitness, fatigue or ramp rate.';

const RIDE_RULES = [
  'Write in plain, specific coaching language, as a coach who looked closely at this ride.',
  'Use only numbers that appear in the facts, written as they appear there (same rounding: IF, VI and EF with 2 decimals, watts, bpm, rpm and TSS whole, distances, climbing and speeds with 2 decimals); never compute, convert or invent a number. Every number is checked.',
  'Key suffixes name units: W watts, Bpm, Rpm, Pct percent, PctOfFtp percent of FTP, PctOfThresholdHr percent of threshold heart rate (a share sits next to the value it is a share of: maxPctOfThresholdHr next to maxBpm), Mi miles, Ft feet, Mph, Km, M metres, Kmh km/h, Kj, Kcal, Seconds (write durations as "1h 23m", intervals as "30 s" or "8 min"), Days, Weeks.',
  'Average power is power.averageW (what the ride card shows). kJ is power.workKj (the sum of recorded power); calories are power.estimatedKcal and are an estimate: say so.',
  'State FTP and IF together only as power.ftpW with power.intensityFactor (the FTP the ride was measured against). If the rider has no FTP, tell them to set it in Profile & Settings.',
  'Name the session from workout.label and its structure from workout.structure; never guess the type from the ride name. If workout.type is null, do not name a session type.',
  'No pacing (variability index) or decoupling advice on interval sessions (workout.intervalSession) or races; speak of decoupling only when heartRate.aerobicDecouplingPct is given; compare efficiency factor only with comparisons.efficiency.',
  'Nothing about hills or climbing praise when ride.eBike is true. No heart-rate targets when ride.hasHeartRate is false; if ride.hasPowerMeter is false, no watts, power zones, IF or TSS.',
  'Goals: the ride adds to a goal only when thisRideCounts is true; days left are daysLeftDays (counted from today). Windows (windows.*) are given only when every ride of them is known.',
  FORM_RULE,
];

export const RIDE_FEEDBACK_INSTRUCTIONS = [
  'You are Domestique, an experienced cycling coach. Analyse one ride from the computed facts you are given.',
  ...RIDE_RULES,
  'Fields: summary (2-4 sentences: what the ride was and the key takeaway), strengths (1-3 sentences),',
  "weaknesses (1-3 sentences), recommendations (2-4 concrete next steps, one per line, with targets from the facts' targets),",
  'fullAnalysis (a technical write-up with the sections Overview, Power, Heart rate, Pacing, Load, Compared with your recent rides, Goals, Recommendations; each section title on its own line).',
].join('\n');

/** The LLM is given the ride's facts object (facts/ride-facts.ts), never the raw input. */
export const rideFeedbackMessages = (facts: RideFactSheet): ChatCompletionMessageParam[] => [
  { role: 'system', content: `${RIDE_FEEDBACK_INSTRUCTIONS}\n${unitsRule(facts.units)}` },
  {
    role: 'user',
    content: `Analyse this ride. Facts (JSON):\n\`\`\`json\n${roundedJson(facts)}\n\`\`\``,
  },
];

/** Asks the LLM once to rewrite feedback whose numbers are not in the facts, or that pushes into fatigue. */
export const feedbackRepairRequest = (wrong: readonly string[], pushing: readonly string[] = []): string =>
  [
    wrong.length
      ? `These numbers in your feedback are not in the facts, or not as the facts give them: ${wrong.join(', ')}. Write the feedback again using only numbers from the facts, rounded as they appear there, each next to the label it belongs to.`
      : null,
    pushing.length ? pushRepair(pushing) : null,
  ]
    .filter(Boolean)
    .join(' ');

/** What the LLM is told when its text asks for more training than the rider's load allows. */
const pushRepair = (pushing: readonly string[]): string =>
  `The rider's load (form.verdict) calls for rest or easy riding, but these sentences ask for more: ${pushing.map((p) => `"${p}"`).join(' ')} Write it again recommending only rest or easy riding.`;

/**
 * The facts of a chat answer: what the built-in coach read from the question (its intent and the
 * numbers of its answer: a ride, a period's totals, an event outline), the rider's thresholds, load,
 * recent rides, trends and goals, the totals of the usual windows (every ride in them), targets and
 * coaching constants. Keys name their unit; every number of the answer is checked against them.
 */
export const coachFacts = (question: CoachQuestion) => {
  const s = readRider(question);
  const reply = coachReply(question);
  return {
    units: s.units.system,
    // a data or event answer's own numbers; a how-to answer reads the rider's facts below
    question: {
      intent: reply.intent,
      answerFacts: reply.intent === 'data' || reply.intent === 'event' ? reply.facts : null,
    },
    ...snapshotFacts(s),
    windows: windowTotals(s, question.message),
  };
};

export const COACH_CHAT_INSTRUCTIONS = [
  'You are Domestique, an experienced cycling coach chatting with one of your riders.',
  `Safety first: ${COACH_SAFETY_RULE}`,
  'Answer the question asked, in 60-200 words. For a question about their data (a ride, a period, a best ride, fitness), answer with the numbers in question.answerFacts and windows, never with general advice.',
  'If the facts cannot answer it, say "I can\'t tell that from your rides" and name what you can answer: ride numbers, period totals, best rides, fitness trends, event preparation, training how-to.',
  'For how-to questions, ground the advice in their numbers (targets in the facts: watts from their FTP, or heart rate) and name one of their rides where it helps; do not repeat advice already given.',
  'Use only numbers that appear in the facts, written as they appear there (same rounding); never compute or invent new ones. Durations in seconds are written as "1h 23m". Calories are an estimate: say so.',
  'Units: as the units rule below says, and km and m when the rider writes km (as in answerFacts); W, bpm, rpm.',
  'For "am I getting fitter", "am I overtraining" or "when should I rest", answer from form (CTL, ATL, TSB, ramp rate) when it is given, with a verdict that follows form.verdict.',
  FORM_RULE,
  'Put your reply in the "answer" field.',
].join('\n');

/** Asks the LLM once to rewrite a chat answer whose numbers are not in the facts, or that pushes into fatigue. */
export const chatRepairRequest = (wrong: readonly string[], pushing: readonly string[] = []): string =>
  [
    wrong.length
      ? `These numbers in your answer are not in the facts: ${wrong.join(', ')}. Answer again using only numbers from the facts, written as they appear there.`
      : null,
    pushing.length ? pushRepair(pushing) : null,
  ]
    .filter(Boolean)
    .join(' ');

const chatSystemPrompt = (facts: ReturnType<typeof coachFacts>): string =>
  `${COACH_CHAT_INSTRUCTIONS}\n${unitsRule(facts.units)}\n\nThe rider's facts (JSON):\n\`\`\`json\n${JSON.stringify(facts)}\n\`\`\``;

export const coachChatMessages = (question: CoachQuestion): ChatCompletionMessageParam[] => [
  {
    role: 'system',
    content: chatSystemPrompt(coachFacts(question)),
  },
  ...question.history.slice(-6).flatMap((turn): ChatCompletionMessageParam[] => [
    { role: 'user', content: turn.message },
    { role: 'assistant', content: turn.response },
  ]),
  { role: 'user', content: question.message },
];
