import { calendarDate, duration, fixed2, unitFormat, type UnitFormat } from '../engine/format.js';
import { kcalFromKj } from '../engine/findings.js';
import {
  DAY_MS,
  inPeriod,
  periodFacts,
  periodOf,
  rideReferenceOf,
  startOfDay,
  type Period,
  type RideReference,
} from './coach-periods.js';
import type { CoachRide } from './coach-question.js';
import type { RiderSnapshot } from './rider-snapshot.js';

/**
 * Data questions, answered from the rider's rides: one ride's numbers, totals over a period, the
 * best ride of a period by a stated criterion. Each answer is written from a facts object holding
 * every number it states, rounded as the cards show them.
 */

export interface DataReply {
  text: string;
  /** every number, date and name the text states, keys naming their unit (number-facts.ts) */
  facts: Record<string, unknown>;
}

/**
 * Miles, feet and mph as the product shows them; kilometres and metres for a rider whose units
 * setting is metric, or when the rider asks in km.
 */
export interface Units {
  metric: boolean;
  distance: (metres: number) => number;
  elevation: (metres: number) => number;
  speed: (mps: number) => number;
  distanceUnit: 'mi' | 'km';
  elevationUnit: 'ft' | 'm';
  speedUnit: 'mph' | 'km/h';
  /** fact key suffixes */
  key: { distance: 'Mi' | 'Km'; elevation: 'Ft' | 'M'; speed: 'Mph' | 'Kmh' };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The rider writes in km: "100 km", "100k ride", "km/h", "metres". */
const ASKS_METRIC =
  /\b(?:km|kms|kilomet(?:er|re)s?|k(?=\s+(?:ride|sportive|event|race|gran|fondo))|km\/h|kph|metres|meters)\b|\d+\s?k\b/i;

const unitsOf = (f: UnitFormat): Units => ({
  metric: f.system === 'metric',
  distance: (m) => round2(f.distanceValue(m)),
  elevation: (m) => round2(f.elevationValue(m)),
  speed: (mps) => round2(f.speedValue(mps)),
  distanceUnit: f.distanceUnit,
  elevationUnit: f.elevationUnit,
  speedUnit: f.speedUnit,
  key: { distance: f.key.distance, elevation: f.key.elevation, speed: f.key.speed },
});

export const unitsFor = (message: string, s: Pick<RiderSnapshot, 'units'>): Units =>
  unitsOf(ASKS_METRIC.test(message) ? unitFormat('metric') : s.units);

const distanceText = (u: Units, value: number) => `${fixed2(value)} ${u.distanceUnit}`;
const elevationText = (u: Units, value: number) => `${fixed2(value)} ${u.elevationUnit}`;

/** What a data question asks about. */
export type Metric =
  | 'np'
  | 'tss'
  | 'if'
  | 'power'
  | 'kj'
  | 'kcal'
  | 'time'
  | 'distance'
  | 'elevation'
  | 'heart'
  | 'speed'
  | 'cadence'
  | 'rides';

const METRIC_PATTERNS: [Metric, RegExp][] = [
  ['np', /\bnormali[sz]ed(?: power)?\b|\bnp\b/i],
  ['tss', /\btss\b|\btraining stress\b|\btraining load\b|\bstress score\b/i],
  ['if', /\bintensity factor\b|\bIF\b/],
  ['power', /\b(?:average|avg|mean)\s+(?:power|watts)\b|\bpower\b|\bwatts\b/i],
  ['kj', /\bkj\b|\bkilojoules?\b|\bwork done\b|\benergy\b/i],
  ['kcal', /\bcalories\b|\bkcals?\b|\bcals\b|\bburn(?:ed|t)?\b/i],
  ['time', /\bhow long\b|\bduration\b|\bmoving time\b|\bhours?\b|\btime\b/i],
  ['distance', /\bhow far\b|\bdistance\b|\bmiles?\b|\bmileage\b|\bkm\b|\bkms\b|\bkilomet\w+\b/i],
  [
    'elevation',
    /\belevation\b|\bclimb(?:ing|ed)?\b|\bascent\b|\bvert(?:ical)?\b|\bfeet\b|\bmetres climbed\b/i,
  ],
  ['heart', /\bheart ?rate\b|\bhr\b|\bbpm\b/i],
  ['speed', /\bspeed\b|\bhow fast\b|\bmph\b|\bkm\/h\b/i],
  ['cadence', /\bcadence\b|\brpm\b/i],
  ['rides', /\bhow many (?:rides|times|sessions|activities)\b|\bnumber of rides\b|\bride count\b/i],
];

export const metricsOf = (message: string): Metric[] =>
  METRIC_PATTERNS.filter(([, pattern]) => pattern.test(message)).map(([metric]) => metric);

// ---------------------------------------------------------------------------------------------
// One ride

/** A ride's numbers, rounded as the ride card shows them; keys name their unit (number-facts.ts). */
export const rideNumbers = (ride: CoachRide, u: Units) => ({
  name: ride.name,
  date: ride.startDate.slice(0, 10),
  [`distance${u.key.distance}`]: u.distance(ride.distanceM),
  [`elevation${u.key.elevation}`]: u.elevation(ride.elevationGainM),
  movingSeconds: ride.movingTimeS,
  [`averageSpeed${u.key.speed}`]: ride.indoor ? null : u.speed(ride.averageSpeedMps),
  averagePowerW: ride.averageWatts === null ? null : Math.round(ride.averageWatts),
  normalizedPowerW: ride.normalizedPower === null ? null : Math.round(ride.normalizedPower),
  intensityFactor: ride.intensityFactor === null ? null : round2(ride.intensityFactor),
  tss: ride.tss === null ? null : Math.round(ride.tss),
  workKj: ride.kilojoules == null ? null : Math.round(ride.kilojoules),
  caloriesKcal: ride.kilojoules == null ? null : Math.round(kcalFromKj(ride.kilojoules)),
  averageHeartRateBpm: ride.averageHeartrate === null ? null : Math.round(ride.averageHeartrate),
  averageCadenceRpm: ride.averageCadence === null ? null : Math.round(ride.averageCadence),
});

/** A ride's numbers for its text. */
const readNumbers = (ride: CoachRide, u: Units) => {
  const n = rideNumbers(ride, u);
  return {
    facts: n,
    name: ride.name,
    date: calendarDate(ride.startDate),
    distance: u.distance(ride.distanceM),
    elevation: u.elevation(ride.elevationGainM),
    movingTime: duration(ride.movingTimeS),
    averageSpeed: ride.indoor ? null : u.speed(ride.averageSpeedMps),
    averagePowerW: n.averagePowerW,
    normalizedPowerW: n.normalizedPowerW,
    intensityFactor: n.intensityFactor,
    tss: n.tss,
    kilojoules: n.workKj,
    kcal: n.caloriesKcal,
    averageHeartrateBpm: n.averageHeartRateBpm,
    averageCadenceRpm: n.averageCadenceRpm,
  };
};
type RideText = ReturnType<typeof readNumbers>;

const NO_POWER = 'it was recorded without a power meter';
const KCAL_ESTIMATE =
  'an estimate from the work your power meter recorded at a typical 24% cycling efficiency';

/** One metric of a ride in words, or why it is unknown. */
const rideMetricText = (n: RideText, metric: Metric, u: Units, hasPower: boolean): string => {
  switch (metric) {
    case 'np':
      return n.normalizedPowerW !== null
        ? `normalized power ${n.normalizedPowerW} W`
        : `no normalized power (${hasPower ? 'no power stream yet' : NO_POWER})`;
    case 'tss':
      return n.tss !== null ? `TSS ${n.tss}` : `no TSS (${hasPower ? 'it needs an FTP' : NO_POWER})`;
    case 'if':
      return n.intensityFactor !== null
        ? `IF ${fixed2(n.intensityFactor)}`
        : `no IF (${hasPower ? 'it needs an FTP' : NO_POWER})`;
    case 'power':
      return n.averagePowerW !== null
        ? `average power ${n.averagePowerW} W${n.normalizedPowerW !== null ? ` (normalized ${n.normalizedPowerW} W)` : ''}`
        : `no power (${NO_POWER})`;
    case 'kj':
      return n.kilojoules !== null
        ? `${n.kilojoules} kJ of work (the sum of its recorded power)`
        : `no kJ figure (${hasPower ? 'its power stream has not been read yet' : NO_POWER})`;
    case 'kcal':
      return n.kilojoules !== null
        ? `about ${n.kcal} kcal burned, ${KCAL_ESTIMATE} (${n.kilojoules} kJ)`
        : `no calorie estimate (${hasPower ? 'its power stream has not been read yet' : `${NO_POWER}, and I estimate calories from the work your power meter records`})`;
    case 'time':
      return `${n.movingTime} of moving time`;
    case 'distance':
      return distanceText(u, n.distance);
    case 'elevation':
      return `${elevationText(u, n.elevation)} of climbing`;
    case 'heart':
      return n.averageHeartrateBpm !== null
        ? `an average heart rate of ${n.averageHeartrateBpm} bpm`
        : 'no heart-rate data';
    case 'speed':
      return n.averageSpeed !== null
        ? `an average speed of ${fixed2(n.averageSpeed)} ${u.speedUnit}`
        : 'no real speed (an indoor ride)';
    case 'cadence':
      return n.averageCadenceRpm !== null
        ? `an average cadence of ${n.averageCadenceRpm} rpm`
        : 'no cadence data';
    case 'rides':
      return distanceText(u, n.distance);
  }
};

const rideSummaryMetrics = (ride: CoachRide): Metric[] => [
  'distance',
  'time',
  'elevation',
  ...(ride.averageWatts !== null ? (['power', 'tss'] as const) : []),
  ...(ride.averageHeartrate !== null ? (['heart'] as const) : []),
];

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const answerRide = (reference: RideReference, metrics: readonly Metric[], u: Units): DataReply => {
  const { ride } = reference;
  const n = readNumbers(ride, u);
  const asked = metrics.filter((m) => m !== 'rides');
  const shown = asked.length ? asked : rideSummaryMetrics(ride);
  const hasPower = ride.averageWatts !== null;
  const parts = shown.map((m) => rideMetricText(n, m, u, hasPower));
  const which =
    reference.said === `"${ride.name}"`
      ? `"${ride.name}" (${n.date})`
      : `${capitalise(reference.said)}, "${ride.name}" (${n.date})`;
  const lines = [`${which}: ${parts.join('; ')}.`];
  if (reference.sameDay > 0)
    lines.push(
      `You have ${reference.sameDay} more ride${reference.sameDay === 1 ? '' : 's'} that day; name it if you meant another one.`,
    );
  return { text: lines.join(' '), facts: { ride: n.facts, otherRidesThatDay: reference.sameDay } };
};

// ---------------------------------------------------------------------------------------------
// Totals over a period

export const DEFAULT_PERIOD_DAYS = 28;

/** Totals of a period's rides; keys name their unit (number-facts.ts). */
const periodTotals = (rides: readonly CoachRide[], u: Units) => {
  const withTss = rides.filter((r) => r.tss !== null);
  const withKj = rides.filter((r) => r.kilojoules != null);
  const kj = withKj.reduce((t, r) => t + r.kilojoules!, 0);
  return {
    rides: rides.length,
    movingSeconds: rides.reduce((t, r) => t + r.movingTimeS, 0),
    distance: u.distance(rides.reduce((t, r) => t + r.distanceM, 0)),
    elevation: u.elevation(rides.reduce((t, r) => t + r.elevationGainM, 0)),
    tss: Math.round(withTss.reduce((t, r) => t + r.tss!, 0)),
    ridesWithTss: withTss.length,
    workKj: Math.round(kj),
    caloriesKcal: Math.round(kcalFromKj(kj)),
    ridesWithKj: withKj.length,
  };
};

/** The weeks a period of 2 weeks or more spans (up to now), for weekly averages; else null. */
const weeksIn = (period: Period): number | null => {
  const weeks = Math.round((period.endMs - period.startMs) / DAY_MS) / 7;
  return Number.isFinite(weeks) && weeks >= 2 ? weeks : null;
};

/** A caveat when the period reaches before the first ride the coach can see. */
const coverage = (s: RiderSnapshot, period: Period): string | null => {
  if (!s.windowComplete)
    return 'You have more rides than I can read at once, so this counts your newest rides only.';
  const oldest = s.allRides[s.allRides.length - 1];
  const known = s.windowStartMs ?? (oldest ? Date.parse(oldest.startDate) : null);
  return known !== null && Number.isFinite(period.startMs) && period.startMs < startOfDay(known)
    ? `I can only see your rides since ${calendarDate(new Date(known).toISOString())}, so older ones are not counted.`
    : null;
};

/** The totals of the windows riders ask about most, for the LLM's facts. */
export const windowTotals = (s: RiderSnapshot, message: string) => {
  const u = unitsFor(message, s);
  return [
    'in the last 7 days',
    'this week',
    'in the last 4 weeks',
    'in the last 30 days',
    'this month',
    'this year',
    'last month',
  ]
    .map((words) => periodOf(words, s.asOfMs)!)
    .map((period) => {
      const { distance, elevation, ...rest } = periodTotals(inPeriod(s.allRides, period), u);
      return {
        period: periodFacts(period),
        ...rest,
        [`distance${u.key.distance}`]: distance,
        [`elevation${u.key.elevation}`]: elevation,
      };
    });
};

export const answerTotals = (
  s: RiderSnapshot,
  period: Period,
  metrics: readonly Metric[],
  u: Units,
): DataReply => {
  const rides = inPeriod(s.allRides, period);
  const t = periodTotals(rides, u);
  const asked = new Set(metrics);
  const all = asked.size === 0 || (asked.size === 1 && asked.has('rides'));
  const lines: string[] = [];
  if (!rides.length) {
    lines.push(`You have no rides ${period.label}.`);
  } else {
    const parts = [`${t.rides} ride${t.rides === 1 ? '' : 's'}`];
    if (all || asked.has('time')) parts.push(`${duration(t.movingSeconds)} of moving time`);
    if (all || asked.has('distance') || asked.has('speed')) parts.push(distanceText(u, t.distance));
    if (all || asked.has('elevation')) parts.push(`${elevationText(u, t.elevation)} of climbing`);
    if (asked.has('tss') || (all && t.ridesWithTss > 0))
      parts.push(
        t.ridesWithTss
          ? `${t.tss} TSS${t.ridesWithTss < t.rides ? ` (from the ${t.ridesWithTss} rides with power)` : ''}`
          : 'no TSS (no ride had power and an FTP)',
      );
    if (asked.has('kj') || asked.has('kcal'))
      parts.push(
        t.ridesWithKj
          ? `${t.workKj} kJ of work${asked.has('kcal') ? `, about ${t.caloriesKcal} kcal burned (${KCAL_ESTIMATE})` : ''}${t.ridesWithKj < t.rides ? ` from the ${t.ridesWithKj} rides with recorded power` : ''}`
          : 'no kJ or calorie figure (none of these rides has recorded power)',
      );
    lines.push(`${capitalise(period.label)}: ${parts.join(', ')}.`);
  }
  const weeks = weeksIn(period);
  const weekly =
    rides.length && weeks !== null
      ? {
          movingSeconds: t.movingSeconds / weeks,
          distance: u.distance(rides.reduce((sum, r) => sum + r.distanceM, 0) / weeks),
        }
      : null;
  const perWeek = weekly
    ? [
        all || asked.has('time') ? duration(weekly.movingSeconds) : null,
        all || asked.has('distance') ? distanceText(u, weekly.distance) : null,
      ].filter((p): p is string => p !== null)
    : [];
  if (perWeek.length) lines.push(`That is ${perWeek.join(' and ')} a week on average.`);
  const caveat = coverage(s, period);
  if (caveat) lines.push(caveat);
  const { distance, elevation, ...rest } = t;
  return {
    text: lines.join(' '),
    facts: {
      period: periodFacts(period),
      totals: {
        ...rest,
        [`distance${u.key.distance}`]: distance,
        [`elevation${u.key.elevation}`]: elevation,
      },
      weekly: weekly && {
        movingSeconds: weekly.movingSeconds,
        [`distance${u.key.distance}`]: weekly.distance,
      },
    },
  };
};

// ---------------------------------------------------------------------------------------------
// The best ride of a period

type Criterion = 'longest' | 'hardest' | 'fastest' | 'hilliest' | 'strongest' | 'longestTime';

const CRITERIA: [Criterion, RegExp][] = [
  ['hilliest', /\b(?:hilliest|most (?:climbing|elevation)|biggest climb\w*|hardest climb\w*)\b/i],
  ['fastest', /\b(?:fastest|quickest)\b/i],
  ['hardest', /\b(?:hardest|toughest|most intense|highest tss|most tss|biggest)\b/i],
  ['longestTime', /\b(?:longest|most)\b.*\b(?:time|hours?|duration)\b/i],
  ['strongest', /\b(?:highest|most|best)\s+(?:normali[sz]ed\s+)?(?:power|np|watts)\b/i],
  ['longest', /\b(?:most|highest)\s+(?:distance|miles|km)\b/i],
  ['fastest', /\b(?:highest|best)\s+(?:average\s+)?speed\b/i],
  ['longestTime', /\blongest\b.*\b(?:time|hours?|duration)\b/i],
  ['longest', /\b(?:longest|furthest|farthest)\b/i],
  ['strongest', /\b(?:best|strongest|most powerful|top)\b/i],
];

/** "best ride", "longest ride this month": the criterion asked for, else null. */
export const bestCriterionOf = (message: string): Criterion | null => {
  const named =
    /\b(?:best|longest|furthest|farthest|hardest|toughest|fastest|quickest|hilliest|biggest|strongest|most intense|most powerful|top)\s+(?:\w+\s+)?(?:ride|rides|session|workout|outing|effort|day)\b|\b(?:which|what) (?:ride|session|workout) (?:had|was|has|with)\b|\bride (?:with|had) the (?:most|highest|biggest|longest)\b/i.exec(
      message,
    );
  if (!named) return null;
  return CRITERIA.find(([, pattern]) => pattern.test(message))?.[0] ?? null;
};

const CRITERION_WORDS: Record<Criterion, string> = {
  longest: 'by distance',
  longestTime: 'by moving time',
  hardest: 'by training stress (TSS)',
  fastest: 'by average speed outdoors',
  hilliest: 'by climbing',
  strongest: 'by normalized power over rides of 20 minutes or more',
};

const pick = (rides: readonly CoachRide[], score: (r: CoachRide) => number | null): CoachRide | null => {
  let best: CoachRide | null = null;
  let top = -Infinity;
  for (const r of rides) {
    const value = score(r);
    if (value !== null && value > top) {
      best = r;
      top = value;
    }
  }
  return best;
};

export const answerBest = (s: RiderSnapshot, criterion: Criterion, period: Period, u: Units): DataReply => {
  const rides = inPeriod(s.allRides, period);
  const resolved: Criterion =
    criterion === 'strongest' && !rides.some((r) => r.normalizedPower !== null)
      ? 'fastest'
      : criterion === 'hardest' && !rides.some((r) => r.tss !== null)
        ? 'longestTime'
        : criterion;
  const score: Record<Criterion, (r: CoachRide) => number | null> = {
    longest: (r) => r.distanceM,
    longestTime: (r) => r.movingTimeS,
    hardest: (r) => r.tss,
    fastest: (r) => (r.indoor ? null : r.averageSpeedMps),
    hilliest: (r) => r.elevationGainM,
    strongest: (r) => (r.movingTimeS >= 1200 ? r.normalizedPower : null),
  };
  const best = pick(rides, score[resolved]);
  if (!best)
    return { text: `You have no rides ${period.label} to compare.`, facts: { period: periodFacts(period) } };
  const n = readNumbers(best, u);
  const headline: Record<Criterion, Metric[]> = {
    longest: ['distance', 'time'],
    longestTime: ['time', 'distance'],
    hardest: ['tss', 'time'],
    fastest: ['speed', 'distance'],
    hilliest: ['elevation', 'distance'],
    strongest: ['np', 'time'],
  };
  const details = headline[resolved].map((m) => rideMetricText(n, m, u, best.averageWatts !== null));
  const lines = [
    `${capitalise(CRITERION_WORDS[resolved])}, your ${resolved === 'strongest' ? 'best' : resolved === 'longestTime' ? 'longest' : resolved} ride ${period.label} was "${n.name}" (${n.date}): ${details.join(', ')}, out of ${rides.length} ride${rides.length === 1 ? '' : 's'}.`,
  ];
  if (resolved !== criterion)
    lines.push(
      criterion === 'strongest'
        ? 'None of those rides has power, so I ranked them by speed.'
        : 'None of those rides has a TSS, so I ranked them by time.',
    );
  const caveat = coverage(s, period);
  if (caveat) lines.push(caveat);
  return {
    text: lines.join(' '),
    facts: { period: periodFacts(period), rides: rides.length, ride: n.facts },
  };
};

// ---------------------------------------------------------------------------------------------

/** The rules the answers state: kcal at 24% efficiency, the best ride among rides of 20+ minutes. */
const withConstants = (reply: DataReply): DataReply => ({
  ...reply,
  facts: { ...reply.facts, rules: { cyclingEfficiencyPct: 24, bestRideMinSeconds: 1200 } },
});

/** Every ride the coach can see. */
const everything = (s: RiderSnapshot): Period => {
  const oldest =
    s.windowStartMs ??
    (s.allRides.length ? Date.parse(s.allRides[s.allRides.length - 1]!.startDate) : s.asOfMs);
  return {
    label: `since ${calendarDate(new Date(oldest).toISOString())}`,
    startMs: -Infinity,
    endMs: s.asOfMs + 1,
  };
};

/** The default window of a totals question without a period. */
export const lastWeeks = (s: RiderSnapshot, days = DEFAULT_PERIOD_DAYS): Period => ({
  label: `in the last ${days / 7} weeks`,
  startMs: s.asOfMs - days * DAY_MS,
  endMs: s.asOfMs + 1,
  numbers: { weeks: days / 7 },
});

const FOLLOW_UP = /^\s*(?:and|what about|how about|also|plus|its|the)\b/i;
const MENTIONS_RIDE = /\b(?:ride|rode|rides|session|workout|outing|activity)\b/i;
const TOTALS_QUESTION =
  /\b(?:how (?:many|much|far|long)|total|totals|in total|altogether|sum|volume|mileage|how have i|what have i|have i (?:ridden|done|climbed))\b/i;
const DATA_QUESTION =
  /\b(?:what (?:was|were|is|'s)|what's|whats|how (?:many|much|far|long|fast|hard|was)|show me|tell me|give me|did i|was my|were my|my)\b/i;

/**
 * The answer to a data question from the rider's rides, or null when the message is not one.
 * `hasTopic`: the message also names a how-to topic (a ride named in a how-to question is context).
 */
export const answerDataQuestion = (
  message: string,
  s: RiderSnapshot,
  hasTopic: boolean,
  previous: string | null = null,
): DataReply | null => {
  const reply = dataReply(message, s, hasTopic, previous);
  return reply && withConstants(reply);
};

const dataReply = (
  message: string,
  s: RiderSnapshot,
  hasTopic: boolean,
  previous: string | null,
): DataReply | null => {
  const u = unitsFor(message, s);
  const metrics = metricsOf(message);
  const criterion = bestCriterionOf(message);
  const period = periodOf(message, s.asOfMs);
  if (criterion) return answerBest(s, criterion, period ?? everything(s), u);
  // "And the TSS?" after a question about a ride is about the same ride
  const reference = rideReferenceOf(message, s.allRides, s.asOfMs);
  const earlier =
    !reference && previous !== null && metrics.length > 0 && period === null && FOLLOW_UP.test(message)
      ? rideReferenceOf(previous, s.allRides, s.asOfMs)
      : null;
  if (earlier) return answerRide(earlier, metrics, u);
  const asksForNumbers = metrics.length > 0 && DATA_QUESTION.test(message);
  if (reference && (asksForNumbers || (!hasTopic && MENTIONS_RIDE.test(message))))
    return answerRide(reference, metrics, u);
  if (
    !reference &&
    /\b(?:yesterday|today|(?:sun|mon|tues|wednes|thurs|fri|satur)day)'?s? ride\b|\blast ride\b/i.test(message)
  )
    return { text: 'I cannot find that ride among your rides; it may not have synced yet.', facts: {} };
  const totals = metrics.filter((m) =>
    ['time', 'distance', 'elevation', 'tss', 'kj', 'kcal', 'rides'].includes(m),
  );
  if (
    period &&
    (totals.length > 0 || TOTALS_QUESTION.test(message)) &&
    !hasTopicOnly(message, hasTopic, totals)
  )
    return answerTotals(s, period, totals, u);
  if (!period && totals.length > 0 && TOTALS_QUESTION.test(message))
    return answerTotals(s, lastWeeks(s), totals, u);
  return null;
};

/** "How do I climb better this year?" names a period and a topic but asks for no number. */
const hasTopicOnly = (message: string, hasTopic: boolean, totals: readonly string[]): boolean =>
  hasTopic && totals.length === 0 && !/\bhow (?:many|much|far|long)\b/i.test(message);
