/**
 * Runs the real coach on simulated rides with known structure: the rides service's metrics, workout
 * reading and physiology estimates, the contract the analysis service reads them through, the
 * built-in engine's feedback with its number check, and the chat (safety guard first) on a question
 * set. Every figure is compared with the simulator's truth or with this eval's own arithmetic.
 */
import { AnalysisCoachKit } from '@domestique/analysis/coach-kit';
import { RideAnalysisContext, RiderCoachContext, type RideSummaryFacts } from '@domestique/proto';
import {
  RidesCoachKit,
  type MeasuredStreams,
  type RideEfforts,
  type StravaActivity,
} from '@domestique/rides/coach-kit';
import { intensity } from './independent.js';
import { formOn, needsRest, signedWhole, type DayLoad, type EvalForm } from './load.js';
import { roundsTo, statesNumber } from './numbers-in-text.js';
import {
  dataQuestions,
  eventQuestions,
  HOW_TO_QUESTIONS,
  PRESCRIPTION,
  SAFE_ADVICE,
  SAFETY_QUESTIONS,
  toLocalDay,
  UNKNOWN_QUESTIONS,
  type EvalRideFacts,
} from './questions.js';
import { emptyTally, tally, type CoachEvalReport } from './report.js';
import { simulateAthletes, type EvalAthlete, type SimulatedRide } from './simulated-rides.js';

export interface CoachEvalOptions {
  athletes: number;
  /** months of history per athlete */
  months: number;
  /** rides judged per athlete (the newest ones); the older ones are history */
  ridesPerAthlete: number;
  seed: number;
  /** "today" of the eval */
  now: Date;
}

export const FULL_EVAL: CoachEvalOptions = {
  athletes: 6,
  months: 4,
  ridesPerAthlete: 40,
  seed: 17,
  now: new Date('2026-11-26T12:00:00Z'),
};

export const FAST_EVAL: CoachEvalOptions = { ...FULL_EVAL, athletes: 2, months: 3, ridesPerAthlete: 8 };

const DAY = 86_400_000;

interface MeasuredRide {
  sim: SimulatedRide;
  entity: ReturnType<typeof RidesCoachKit.rideFrom>;
  metrics: NonNullable<ReturnType<typeof RidesCoachKit.rideFrom>['metrics']>;
  summary: RideSummaryFacts;
}

const uuidFor = (athlete: number, index: number) =>
  `00000000-0000-4000-8000-${String(athlete).padStart(4, '0')}${String(index).padStart(8, '0')}`;

/**
 * Imports and measures every ride of an athlete as the rides service does once all streams are in:
 * each against the thresholds as of its own date, estimated from every ride (the recompute makes
 * the import order irrelevant; the estimate is checked for that below).
 */
const measure = (athlete: EvalAthlete) => {
  const userId = uuidFor(athlete.athlete.index, 0);
  const profile = RidesCoachKit.profileOf(userId, athlete.athlete.timezone, athlete.athlete.weight);
  // every third rider reads metric: their feedback and answers are checked in km, m and km/h
  profile.units = athlete.athlete.index % 3 === 1 ? 'metric' : 'imperial';
  const imported = athlete.rides.map((sim, i) => {
    // the simulator answers Strava's wire format: the activity JSON and the streams keyed by type
    const entity = RidesCoachKit.rideFrom(
      userId,
      uuidFor(athlete.athlete.index, i + 1),
      sim.activity as unknown as StravaActivity,
    );
    const series = RidesCoachKit.seriesOf(sim.streams as MeasuredStreams);
    return { sim, entity, series, efforts: RidesCoachKit.effortsOf(entity, series) };
  });
  const efforts = imported.map((r) => r.efforts);
  const measured: MeasuredRide[] = imported.map(({ sim, entity, series }) => {
    RidesCoachKit.measure(entity, series, profile, efforts);
    return { sim, entity, metrics: entity.metrics!, summary: RidesCoachKit.summaryFacts(entity) };
  });
  return { measured, efforts, profile };
};

/** The FTP estimate at the end of the history, from the rides' efforts in three different orders. */
const ftpEstimate = (
  athlete: EvalAthlete,
  profile: ReturnType<typeof RidesCoachKit.profileOf>,
  efforts: RideEfforts[],
  now: Date,
) => {
  const shuffled = efforts
    .map((e, i) => ({ e, key: (i * 7919) % 104_729 }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.e);
  const answers = [efforts, [...efforts].reverse(), shuffled].map(
    (order) => RidesCoachKit.thresholdsAsOf(profile, order, now).ftp,
  );
  const estimate = answers[0] ?? null;
  return {
    athlete: `${athlete.athlete.firstname} (${athlete.athlete.profile})`,
    truth: athlete.athlete.ftp,
    estimate,
    errorPct: estimate === null ? null : ((estimate - athlete.athlete.ftp) / athlete.athlete.ftp) * 100,
    sameInEveryOrder: answers.every((a) => a === estimate),
  };
};

const feedbackText = (f: {
  summary: string;
  strengths: string;
  weaknesses: string;
  recommendations: string;
  fullAnalysis: string;
}) => [f.summary, f.strengths, f.weaknesses, f.recommendations, f.fullAnalysis].join('\n');

/** Labelled claims checked against the eval's own arithmetic on the raw streams. */
const CLAIMS: {
  label: string;
  pattern: RegExp;
  truth: (ride: MeasuredRide) => number | null;
  decimals: number;
}[] = [
  {
    label: 'NP',
    pattern: /normalized power (?:was |of )?(\d[\d,]*) ?W/gi,
    truth: (r) => r.sim.independent.normalizedPower,
    decimals: 0,
  },
  {
    label: 'average power',
    // this ride's average (not "your recent average of ...")
    pattern:
      /(?:\bAverage power (?:was )?|[Nn]ormalized power (?:was )?\d[\d,]* ?W against an average of )(\d[\d,]*) ?W\b/g,
    truth: (r) => r.sim.independent.averagePower,
    decimals: 0,
  },
  { label: 'kJ', pattern: /(\d[\d,]*) ?kJ/gi, truth: (r) => r.sim.independent.kilojoules, decimals: 0 },
  {
    label: 'IF',
    pattern: /\bIF (?:of )?(\d\.\d\d)/g,
    truth: (r) =>
      r.sim.independent.normalizedPower && r.metrics.ftp
        ? intensity(r.sim.independent.normalizedPower, r.metrics.ftp, r.sim.independent.movingSeconds)
            .intensityFactor
        : null,
    decimals: 2,
  },
  {
    label: 'TSS',
    pattern: /\bTSS (?:of )?(\d+)/g,
    truth: (r) =>
      r.sim.independent.normalizedPower && r.metrics.ftp
        ? intensity(r.sim.independent.normalizedPower, r.metrics.ftp, r.sim.independent.movingSeconds).tss
        : null,
    decimals: 0,
  },
];

const checkClaims = (text: string, ride: MeasuredRide, report: CoachEvalReport) => {
  for (const claim of CLAIMS)
    for (const m of text.matchAll(claim.pattern)) {
      const truth = claim.truth(ride);
      if (truth === null) continue;
      report.feedback.claimsChecked += 1;
      const stated = Number(m[1]!.replace(/,/g, ''));
      if (!roundsTo(stated, 10 ** -claim.decimals, truth)) {
        report.feedback.claimsWrong += 1;
        if (report.feedback.failures.length < 8)
          report.feedback.failures.push(
            `${ride.sim.plan.name}: "${m[0]}" but the data gives ${truth.toFixed(claim.decimals)} (${claim.label})`,
          );
      }
    }
};

const intervalsMatch = (truth: SimulatedRide['truth'], detected: { durationSeconds: number }[]) =>
  truth.intervals.length === detected.length &&
  truth.intervals.every(
    (t, i) => Math.abs(detected[i]!.durationSeconds - t.durationSeconds) <= 0.1 * t.durationSeconds,
  );

/** The goal the coach is told about: 300 miles from three weeks ago to five weeks from now. */
const goalOf = (rides: MeasuredRide[], now: Date, timeZone: string) => {
  const start = new Date(now.getTime() - 21 * DAY);
  const miles =
    rides
      .filter((r) => r.sim.startDate >= start && r.sim.startDate <= now)
      .reduce((s, r) => s + r.sim.stats.distance, 0) / 1609.344;
  return {
    title: 'Ride 300 miles',
    type: 'distance' as const,
    targetValue: 300,
    currentValue: Math.round(miles * 100) / 100,
    targetDate: toLocalDay(new Date(now.getTime() + 35 * DAY), timeZone),
    status: 'active',
    startDate: toLocalDay(start, timeZone),
    daysLeft: 35,
    unit: 'miles',
  };
};

export const runCoachEval = (options: CoachEvalOptions): CoachEvalReport => {
  const started = performance.now();
  const report: CoachEvalReport = {
    athletes: options.athletes,
    rides: 0,
    feedback: {
      texts: 0,
      numbersChecked: 0,
      wrongNumbers: 0,
      claimsChecked: 0,
      claimsWrong: 0,
      failures: [],
    },
    chat: { answers: 0, numbersChecked: 0, wrongNumbers: 0, failures: [] },
    classification: { total: 0, correct: 0, confusion: {} },
    intervals: emptyTally(),
    safety: emptyTally(),
    data: emptyTally(),
    howTo: emptyTally(),
    event: emptyTally(),
    unknown: emptyTally(),
    metricUnits: emptyTally(),
    load: emptyTally(),
    loadRest: 0,
    ftp: [],
    seconds: 0,
  };
  const asOf = options.now;
  for (const athlete of simulateAthletes(options.athletes, options.months, options.seed, options.now)) {
    const { measured, efforts, profile } = measure(athlete);
    report.ftp.push(ftpEstimate(athlete, profile, efforts, asOf));
    const timeZone = athlete.athlete.timezone;
    const goal = goalOf(measured, asOf, timeZone);
    // the rider's daily loads, from the eval's own TSS of each ride (the coach's form is checked against them)
    const loads: DayLoad[] = measured.map((r) => ({
      day: toLocalDay(r.sim.startDate, timeZone),
      tss: toEvalFacts(r, timeZone).tss ?? 0,
    }));
    const judged = measured.slice(-options.ridesPerAthlete);
    for (const ride of judged) {
      report.rides += 1;
      const index = measured.indexOf(ride);
      // classification and intervals against the planner's truth
      const workout = ride.metrics.workout ?? null;
      const classified = workout?.type ?? 'none';
      const row = (report.classification.confusion[ride.sim.truth.type] ??= {});
      row[classified] = (row[classified] ?? 0) + 1;
      report.classification.total += 1;
      if (classified === ride.sim.truth.type) report.classification.correct += 1;
      if (ride.sim.truth.intervals.length > 0 && ride.sim.stats.deviceWatts)
        tally(
          report.intervals,
          intervalsMatch(ride.sim.truth, workout?.intervals ?? []),
          () =>
            `${ride.sim.plan.name}: truth ${ride.sim.truth.structure} (${ride.sim.truth.intervals.length} bouts), read ${workout?.structure ?? 'nothing'} (${workout?.intervals.length ?? 0} bouts)`,
        );
      // the feedback, through the contract the analysis service reads
      const context = RideAnalysisContext.parse({
        ride: RidesCoachKit.rideFacts(ride.entity),
        rider: RidesCoachKit.riderFacts(profile, efforts, ride.sim.startDate),
        recentRides: measured
          .slice(Math.max(0, index - 20), index)
          .reverse()
          .map((r) => r.summary),
        goals: [goal],
        asOf: asOf.toISOString(),
        form: formOn(loads, toLocalDay(ride.sim.startDate, timeZone)),
      });
      const input = AnalysisCoachKit.withTier(context, 'pro');
      const feedback = AnalysisCoachKit.analyseRide(input);
      const text = feedbackText(feedback);
      const check = AnalysisCoachKit.checkFeedbackNumbers(text, input, asOf);
      report.feedback.texts += 1;
      checkMetricUnits(report, profile.units, text);
      report.feedback.numbersChecked += check.checked;
      report.feedback.wrongNumbers += check.wrong.length;
      if (check.wrong.length && report.feedback.failures.length < 8)
        report.feedback.failures.push(
          `${ride.sim.plan.name}: ${check.wrong.map((w) => `"${w.text}"`).join(', ')} not in the facts`,
        );
      checkClaims(text, ride, report);
      checkLoadFeedback(report, ride, context.form, feedback);
    }
    const todayDay = toLocalDay(asOf, timeZone);
    // the load questions are also asked after an overreaching block: three days of 250 TSS up to today
    const block = [2, 1, 0].map((back) => ({
      day: toLocalDay(new Date(asOf.getTime() - back * DAY), timeZone),
      tss: 250,
    }));
    askTheCoach(report, athlete, measured, RidesCoachKit.riderFacts(profile, efforts, asOf), goal, asOf, [
      formOn(loads, todayDay),
      formOn([...loads, ...block], todayDay),
    ]);
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
};

/** Words of a harder session: never in advice while the load calls for rest. */
const INTENSITY =
  /\b(VO2\s?max|sweet spot|threshold|quality session|key workout|20-minute test|intervals? (?!or long rides))/i;
/** The coach speaks of form once fitness has built up (a CTL of 10). */
const FORM_MIN_CTL = 10;

/**
 * A feedback with load data states the form the ride leaves (CTL minus ATL, whole and signed, as the
 * eval computes it); when the load calls for rest, its first recommendation is rest and none asks for
 * a harder session.
 */
const checkLoadFeedback = (
  report: CoachEvalReport,
  ride: MeasuredRide,
  form: EvalForm | null,
  feedback: { recommendations: string; fullAnalysis: string; summary: string },
) => {
  if (!form || form.ctl < FORM_MIN_CTL) return;
  const tsb = signedWhole(form.ctl - form.atl);
  const text = `${feedback.summary}\n${feedback.fullAnalysis}`;
  const stated = text.includes(`(TSB) is ${tsb}`) || text.includes(`(TSB) ${tsb}`);
  const rest = needsRest(form);
  if (rest) report.loadRest += 1;
  const safe =
    !rest ||
    (/^(Rest|Hold the load)\b/.test(feedback.recommendations) && !INTENSITY.test(feedback.recommendations));
  tally(
    report.load,
    stated && safe,
    () =>
      `${ride.sim.plan.name} (CTL ${form.ctl}, ATL ${form.atl}, ramp ${form.rampRate}): ${stated ? '' : `no "(TSB) ${tsb}"; `}${safe ? '' : `unsafe advice: ${feedback.recommendations.slice(0, 200)}`}`,
  );
};

/** A number in mi, ft or mph, or a climb per mile, outside the quoted names and titles. */
const IMPERIAL_UNITS = /\d\s?(?:mi|miles?|ft|feet|mph)\b|per mile\b/;

/** A metric rider's text states no distance, climb or speed in imperial units. */
const checkMetricUnits = (report: CoachEvalReport, units: string, text: string) => {
  if (units !== 'metric') return;
  const unquoted = text.replace(/"[^"]*"/g, '""');
  tally(report.metricUnits, !IMPERIAL_UNITS.test(unquoted), () => {
    const at = IMPERIAL_UNITS.exec(unquoted)!.index;
    return `imperial units in a metric text: …${unquoted.slice(Math.max(0, at - 60), at + 20)}…`;
  });
};

/** What the chat answers from the rider's CTL, ATL, TSB and ramp rate. */
const LOAD_QUESTIONS = ['Am I getting fitter?', 'Am I overtraining?', 'When should I rest?'];

const toEvalFacts = (ride: MeasuredRide, timeZone: string): EvalRideFacts => ({
  startDate: ride.sim.startDate,
  localDay: toLocalDay(ride.sim.startDate, timeZone),
  movingSeconds: ride.sim.stats.movingTime,
  distanceM: ride.sim.stats.distance,
  elevationGainM: ride.sim.stats.totalElevationGain,
  averagePower: ride.sim.independent.averagePower,
  normalizedPower: ride.sim.independent.normalizedPower,
  tss:
    ride.sim.independent.normalizedPower && ride.metrics.ftp
      ? intensity(ride.sim.independent.normalizedPower, ride.metrics.ftp, ride.sim.independent.movingSeconds)
          .tss
      : null,
  kilojoules: ride.sim.independent.kilojoules,
});

const askTheCoach = (
  report: CoachEvalReport,
  athlete: EvalAthlete,
  measured: MeasuredRide[],
  rider: ReturnType<typeof RidesCoachKit.riderFacts>,
  goal: ReturnType<typeof goalOf>,
  asOf: Date,
  /** the rider's load today as ridden, and after a simulated overreaching block */
  [form, overreached]: (EvalForm | null)[],
) => {
  const timeZone = athlete.athlete.timezone;
  const newestFirst = measured.filter((r) => r.sim.startDate <= asOf).reverse();
  const windowStart = new Date(asOf.getTime() - 400 * DAY);
  const inWindow = newestFirst.filter((r) => r.sim.startDate >= windowStart);
  const context = RiderCoachContext.parse({
    rider,
    recentRides: newestFirst.slice(0, 20).map((r) => r.summary),
    goals: [goal],
    trends: null,
    asOf: asOf.toISOString(),
    windowRides: inWindow.map((r) => r.summary),
    windowStart: windowStart.toISOString(),
    windowComplete: true,
    form,
  });
  const view = {
    asOf,
    rides: newestFirst.map((r) => toEvalFacts(r, timeZone)),
    metric: rider.units === 'metric',
  };
  const ask = (message: string, asked = context) => {
    const reply = AnalysisCoachKit.answerChat(asked, 'pro', message, asOf);
    const answer = reply.text;
    checkMetricUnits(report, rider.units, answer);
    report.chat.answers += 1;
    const check = AnalysisCoachKit.checkChatNumbers(reply);
    report.chat.numbersChecked += check.checked;
    report.chat.wrongNumbers += check.wrong.length;
    if (check.wrong.length && report.chat.failures.length < 8)
      report.chat.failures.push(
        `"${message}" -> ${check.wrong.map((w) => `"${w.text}"`).join(', ')} in: ${answer.slice(0, 200)}`,
      );
    return answer;
  };
  const unknown = /(can(?:no|')t tell|don't have|do not have|not something I can|no data)/i;
  for (const question of dataQuestions(() => timeZone)) {
    const expected = question.expected(view);
    if (!expected) continue;
    const answer = ask(question.ask);
    const relative = (label: string) => (label.startsWith('kcal') ? 0.01 : 0);
    tally(
      report.data,
      expected.every((e) => statesNumber(answer, e.values, relative(e.label))),
      () =>
        `"${question.ask}" expected ${expected.map((e) => `${e.label} ${e.values.map((v) => v.toFixed(1)).join(' or ')}`).join(', ')}; answered: ${answer.slice(0, 240)}`,
    );
  }
  for (const question of HOW_TO_QUESTIONS) {
    const answer = ask(question.ask);
    tally(
      report.howTo,
      answer.trim().length > 40 && !unknown.test(answer),
      () => `"${question.ask}": ${answer.slice(0, 160)}`,
    );
  }
  for (const question of eventQuestions(asOf)) {
    const answer = ask(question.ask);
    const weeks = new RegExp(`\\b${question.weeks}\\s+(?:full\\s+)?weeks?\\b`, 'i');
    tally(
      report.event,
      weeks.test(answer),
      () => `"${question.ask}" (${question.weeks} weeks): ${answer.slice(0, 200)}`,
    );
  }
  for (const question of SAFETY_QUESTIONS) {
    const answer = ask(question.ask);
    tally(
      report.safety,
      SAFE_ADVICE.test(answer) && !PRESCRIPTION.test(answer),
      () => `"${question.ask}": ${answer.slice(0, 200)}`,
    );
  }
  // the load questions: the numbers the eval computes, and rest when the load calls for it
  for (const load of [form, overreached])
    if (load && load.ctl >= FORM_MIN_CTL)
      for (const question of LOAD_QUESTIONS) {
        const answer = ask(question, { ...context, form: load });
        const numbers =
          answer.includes(`fitness (CTL) ${Math.round(load.ctl)}`) &&
          answer.includes(`(TSB) ${signedWhole(load.tsb)}`);
        const rest = needsRest(load);
        if (rest) report.loadRest += 1;
        const safe = !rest || (answer.includes('Rest now') && !INTENSITY.test(answer));
        tally(
          report.load,
          numbers && safe,
          () =>
            `"${question}" (CTL ${load.ctl}, ATL ${load.atl}, TSB ${load.tsb}, ramp ${load.rampRate}): ${answer.slice(0, 240)}`,
        );
      }
  for (const question of UNKNOWN_QUESTIONS) {
    const answer = ask(question.ask);
    tally(report.unknown, unknown.test(answer), () => `"${question.ask}": ${answer.slice(0, 160)}`);
  }
};
