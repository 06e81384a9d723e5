import {
  EVENT_TYPE_LABELS,
  PLAN_RACE_PREP_DAYS,
  PLAN_RAMP_MAX_CTL_PER_WEEK,
  PLAN_RECOVERY_EVERY_WEEKS,
  WEEKDAYS,
  type PlannedWorkoutDto,
  type PlanPhase,
} from '@domestique/proto';
import { CTL_FACTOR } from '../../training/load-math.js';
import { formatMinutes, hrZoneOf } from '../../training/workouts.js';
import { addDays, dayName, daysBetween, mondayOf, weekdayOf } from './dates.js';
import { EVENT_PROFILES, type EventProfile } from './event-profiles.js';
import { zoneBpm } from './heart-rate.js';
import type { BuiltPlan, EngineSession, EngineWeek, PlanRequestInput, PlanRider } from './types.js';
import {
  baseDurationS,
  instantiateWorkout,
  isHardType,
  stepsLoad,
  toStep,
  workoutById,
  workoutsOf,
  type LibraryCategory,
  type LibraryWorkout,
} from './workout-library.js';

/**
 * The periodised plan: base, build, peak and taper from today's week to the event's, weekly load
 * targets that let fitness (CTL) rise no faster than the stated bound and fit the rider's hours,
 * a recovery week every few weeks, sessions on the riding days only (never two hard days in a row),
 * openers and the event at the end. Every week and the plan say why in the rider's numbers. Pure.
 */

/** Share of the gap between a constant daily load and CTL that CTL closes in a week. */
const WEEK_CTL_GAIN = 1 - (1 - CTL_FACTOR) ** 7;
/** The CTL gain each phase aims at per week: below the bound, so lumpy weeks stay inside it. */
const RAMP_BY_PHASE: Record<Exclude<PlanPhase, 'taper'>, number> = { base: 4, build: 5, peak: 3 };
/** Typical intensity factor of a week's riding per phase: what the rider's hours can hold. */
const WEEK_IF: Record<PlanPhase, number> = { base: 0.68, build: 0.72, peak: 0.74, taper: 0.7 };
const RECOVERY_SHARE = 0.6;
/** Taper volume: about half of the peak weeks'. */
const TAPER_SHARE = 0.55;
/** Below this fitness the rider is new to structured load: the first week is endurance only. */
const NEW_RIDER_CTL = 15;
const MIN_S = 60;
const HOUR_S = 3600;
const MIN_ENDURANCE_S = 45 * MIN_S;
const MIN_RECOVERY_S = 30 * MIN_S;
const OTHER_DAY_MAX_S = 2.5 * HOUR_S;
const LONG_SHARE = 0.45;
/** A recovery week's long ride is no bigger than its other days need it to be. */
const RECOVERY_LONG_SHARE = 0.3;

const PHASE_LABEL: Record<PlanPhase, string> = { base: 'Base', build: 'Build', peak: 'Peak', taper: 'Taper' };

const CATEGORY_WHY: Record<LibraryCategory, string> = {
  recovery: 'an easy spin to recover',
  endurance: 'aerobic endurance',
  tempo: 'tempo builds the muscular endurance a long day needs',
  'sweet-spot': 'sweet spot raises FTP at a modest cost in fatigue',
  threshold: 'threshold work lifts the power you can hold for an hour',
  vo2max: 'VO2max efforts raise the ceiling above threshold',
  anaerobic: 'anaerobic efforts train the surges of racing',
  sprint: 'sprints sharpen the finish',
  opener: 'openers wake the legs without tiring them',
};

const r0 = Math.round;
const round1 = (value: number): number => Math.round(value * 10) / 10;

interface Frame {
  index: number;
  weekStart: string;
  phase: PlanPhase;
  recovery: boolean;
  /** the plan's days of this week: from today, to the event */
  days: string[];
}

interface Context {
  request: PlanRequestInput;
  rider: PlanRider;
  profile: EventProfile;
  byPower: boolean;
  taperStart: string;
  openerDate: string | null;
  phaseAt: (date: string) => PlanPhase;
}

// ---- the calendar: weeks and phases ------------------------------------------------------------

/** Pre-taper weeks split into base, build and peak: short plans shrink base first. */
const splitPhases = (weeks: number): PlanPhase[] => {
  const peak = weeks >= 6 ? 2 : weeks >= 2 ? 1 : 0;
  const build = Math.min(weeks - peak, Math.max(1, Math.min(10, r0(weeks * 0.35))));
  const base = weeks - peak - build;
  return [
    ...Array<PlanPhase>(base).fill('base'),
    ...Array<PlanPhase>(build).fill('build'),
    ...Array<PlanPhase>(peak).fill('peak'),
  ];
};

const frames = (request: PlanRequestInput, taperStart: string): Frame[] => {
  const first = mondayOf(request.today);
  const count = daysBetween(first, mondayOf(request.eventDate)) / 7 + 1;
  const mondays = Array.from({ length: count }, (_, index) => addDays(first, index * 7));
  // a week tapers once most of it lies in the race-preparation days
  const taperWeek = (monday: string) => addDays(monday, 3) >= taperStart;
  const phases = splitPhases(mondays.filter((monday) => !taperWeek(monday)).length);
  return mondays.map((weekStart, index) => {
    const phase = taperWeek(weekStart) ? 'taper' : phases[index]!;
    const next = mondays[index + 1];
    const nextTapers = next === undefined || taperWeek(next);
    return {
      index: index + 1,
      weekStart,
      phase,
      recovery: phase !== 'taper' && !nextTapers && (index + 1) % PLAN_RECOVERY_EVERY_WEEKS === 0,
      days: Array.from({ length: 7 }, (_, day) => addDays(weekStart, day)).filter(
        (date) => date >= request.today && date <= request.eventDate,
      ),
    };
  });
};

/** Phases by date: the weeks' phases, with the taper starting on its day. */
const timeline = (plan: Frame[], request: PlanRequestInput, taperStart: string): BuiltPlan['phases'] => {
  const phases: BuiltPlan['phases'] = [];
  for (const frame of plan.filter((candidate) => candidate.phase !== 'taper')) {
    const last = phases.at(-1);
    const to = addDays(frame.weekStart, 6);
    if (last?.phase === frame.phase) last.to = to;
    else phases.push({ phase: frame.phase, from: frame.days[0]!, to });
  }
  const beforeTaper = addDays(taperStart, -1);
  const clipped = phases
    .map((phase) => ({ ...phase, to: phase.to < beforeTaper ? phase.to : beforeTaper }))
    .filter((phase) => phase.from <= phase.to);
  if (clipped.length > 0) clipped.at(-1)!.to = beforeTaper;
  return [...clipped, { phase: 'taper', from: taperStart, to: request.eventDate }];
};

// ---- sessions --------------------------------------------------------------------------------

const byDate = (a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date);

const sessionOf = (
  workout: PlannedWorkoutDto,
  frame: Frame,
  ctx: Context,
  role: EngineSession['role'],
): EngineSession => ({
  ...workout,
  key: role === 'event' ? 'event' : `w${String(frame.index).padStart(2, '0')}-${weekdayOf(workout.date)}`,
  week: frame.index,
  phase: ctx.phaseAt(workout.date),
  role,
});

/** The event as one step at its effort, for its planned duration. */
const eventWorkout = (ctx: Context): PlannedWorkoutDto => {
  const { request, profile } = ctx;
  const race = request.eventType !== 'general-fitness';
  const steps = [
    toStep(
      { seconds: profile.durationS, percent: profile.percent, label: race ? 'Race' : 'Goal ride' },
      ctx.byPower,
    ),
  ];
  const target = ctx.byPower
    ? `${profile.percent[0]}-${profile.percent[1]}% FTP`
    : `heart-rate zone ${steps[0]!.targetHrZone}`;
  return {
    date: request.eventDate,
    type: race ? 'race' : 'endurance',
    title: request.eventName,
    steps,
    durationS: profile.durationS,
    plannedLoad: r0(stepsLoad(steps)),
    reason: `${request.eventName}, ${EVENT_TYPE_LABELS[request.eventType].toLowerCase()}: planned at ${target} for about ${formatMinutes(profile.durationS / MIN_S)}.`,
  };
};

/** The latest riding day among the two before the event (never before today). */
const openerDateOf = (request: PlanRequestInput): string | null =>
  [1, 2]
    .map((days) => addDays(request.eventDate, -days))
    .find((date) => date >= request.today && request.ridingDays.includes(weekdayOf(date))) ?? null;

/** The first workout of `ids` whose fixed part leaves room for a useful stretch in `durationS`. */
const fitting = (ids: readonly string[], durationS: number): LibraryWorkout => {
  for (const id of ids) {
    const workout = workoutById(id);
    const fixed = workout.steps.filter((step) => !step.fill).reduce((sum, step) => sum + step.seconds, 0);
    if (fixed + 20 * MIN_S <= durationS) return workout;
  }
  return workoutById(durationS >= MIN_ENDURANCE_S ? 'endurance-steady' : 'recovery-30');
};

const ENDURANCE_LOAD_PER_S =
  instantiateWorkout(workoutById('endurance-steady'), {
    date: '2000-01-01',
    byPower: true,
    durationS: HOUR_S,
    reason: '',
  }).plannedLoad / HOUR_S;

/** How many intensity sessions a week holds. */
const intensityCount = (ctx: Context, frame: Frame): number => {
  const { request, rider } = ctx;
  if (frame.index === 1 && rider.startCtl < NEW_RIDER_CTL) return 0;
  if (frame.recovery || frame.phase === 'taper') return 1;
  const roomy = (days: number, hours: number) =>
    request.ridingDays.length >= days && request.weeklyHours >= hours;
  if (frame.phase === 'base') return roomy(5, 8) ? 2 : 1;
  return frame.phase === 'build' && roomy(6, 10) ? 3 : 2;
};

/** Picks intensity days: never beside another hard day, away from the long ride when possible. */
const pickHardDays = (
  candidates: string[],
  count: number,
  hardDates: ReadonlySet<string>,
  longRideDay: string,
) => {
  const besideLong = (date: string) =>
    weekdayOf(addDays(date, 1)) === longRideDay || weekdayOf(addDays(date, -1)) === longRideDay;
  const ordered = [...candidates].sort(
    (a, b) => Number(besideLong(a)) - Number(besideLong(b)) || a.localeCompare(b),
  );
  const picked: string[] = [];
  for (const date of ordered) {
    if (picked.length >= count) break;
    const taken = [...hardDates, ...picked];
    if (taken.some((hard) => Math.abs(daysBetween(hard, date)) <= 1)) continue;
    picked.push(date);
  }
  return picked.sort();
};

interface WeekPlan {
  sessions: EngineSession[];
  hardDates: string[];
  /** intensity sessions planned (they rotate through the phase's categories) */
  intensity: number;
}

/** One week's sessions for a target load, inside the rider's hours. */
const planWeek = (
  ctx: Context,
  frame: Frame,
  targetLoad: number,
  hardBefore: ReadonlySet<string>,
  rotation: number,
): WeekPlan => {
  const { request, profile, byPower } = ctx;
  const budgetS = request.weeklyHours * HOUR_S;
  const riding = frame.days.filter(
    (date) => request.ridingDays.includes(weekdayOf(date)) && date < request.eventDate,
  );
  const fixed: EngineSession[] = [];
  if (frame.days.includes(request.eventDate)) fixed.push(sessionOf(eventWorkout(ctx), frame, ctx, 'event'));
  if (ctx.openerDate && riding.includes(ctx.openerDate)) {
    const opener = workoutById(profile.eventDay === null ? 'opener-short' : 'opener-classic');
    fixed.push(
      sessionOf(
        instantiateWorkout(opener, {
          date: ctx.openerDate,
          byPower,
          reason: `Openers ${addDays(ctx.openerDate, 1) === request.eventDate ? 'the day' : 'two days'} before ${request.eventName}: ${CATEGORY_WHY.opener}.`,
        }),
        frame,
        ctx,
        'opener',
      ),
    );
  }
  const open = riding.filter((date) => date !== ctx.openerDate);
  const longDate = open.find((date) => weekdayOf(date) === request.longRideDay) ?? null;
  // the event is a hard day: nothing hard beside it
  const hardDates = new Set([...hardBefore, request.eventDate]);
  const candidates = open.filter((date) => date !== longDate);
  let hardDays = pickHardDays(
    candidates,
    Math.min(intensityCount(ctx, frame), candidates.length),
    hardDates,
    request.longRideDay,
  );
  // race preparation keeps a single, short intensity session
  const taperHard = hardDays.filter((date) => date >= ctx.taperStart);
  if (taperHard.length > 1)
    hardDays = hardDays.filter((date) => date < ctx.taperStart || date === taperHard[0]);

  const phaseKey = frame.phase === 'taper' ? 'peak' : frame.phase;
  let hard = hardDays.map((date, nth) => {
    const categories = ctx.profile.intensity[phaseKey];
    const category = categories[(rotation + nth) % categories.length]!;
    const short = frame.recovery || date >= ctx.taperStart;
    const variants = workoutsOf(category);
    const full = variants.filter((variant) => !variant.short);
    const workout = short
      ? variants.reduce((a, b) => (baseDurationS(b) < baseDurationS(a) ? b : a))
      : full[(frame.index + nth) % full.length]!;
    const why = CATEGORY_WHY[category];
    return sessionOf(
      instantiateWorkout(workout, {
        date,
        byPower,
        reason: `${PHASE_LABEL[ctx.phaseAt(date)]} intensity${short ? ', kept short' : ''}: ${why}; no hard day beside it.`,
      }),
      frame,
      ctx,
      'training',
    );
  });

  const usedS = (sessions: EngineSession[]) => sessions.reduce((sum, session) => sum + session.durationS, 0);
  const training = (sessions: EngineSession[]) => sessions.filter((session) => session.role !== 'event');
  while (hard.length > 0 && usedS(training([...fixed, ...hard])) > budgetS * 0.6) hard = hard.slice(0, -1);
  const hardSet = new Set(hard.map((session) => session.date));

  const trainingLoad = loadOf(training([...fixed, ...hard]));
  const timeLeft = Math.max(0, budgetS - usedS([...fixed, ...hard]));
  const enduranceS = Math.min(timeLeft, Math.max(0, targetLoad - trainingLoad) / ENDURANCE_LOAD_PER_S);
  const easyDays = open.filter((date) => !hardSet.has(date));
  const durations = spreadEndurance(ctx, frame, easyDays, longDate, enduranceS);

  const easy = [...durations].map(([date, seconds]) => {
    const isLong = date === longDate;
    const taper = date >= ctx.taperStart;
    const preferred = isLong
      ? frame.phase === 'build' || frame.phase === 'peak'
        ? [...profile.longRideIds, 'endurance-long']
        : ['endurance-long']
      : frame.phase === 'base' && (frame.index + rotation) % 2 === 1
        ? ['endurance-cadence', 'endurance-steady']
        : ['endurance-steady'];
    const workout =
      frame.recovery && !isLong && seconds < MIN_ENDURANCE_S + 15 * MIN_S
        ? workoutById('recovery-30')
        : fitting(preferred, seconds);
    const reason = isLong
      ? `Long ride of ${formatMinutes(r0(seconds / MIN_S))} on your long-ride day${taper ? ', shortened for the taper' : ''}: the week's biggest aerobic block${request.eventType === 'gran-fondo' ? ` toward the ${formatMinutes(profile.durationS / MIN_S)} of the event` : ''}.`
      : `${workout.category === 'recovery' ? 'Easy spin' : 'Endurance'} filling the week toward its load target within your ${request.weeklyHours} h.`;
    return sessionOf(
      instantiateWorkout(workout, { date, byPower, durationS: seconds, reason }),
      frame,
      ctx,
      isLong ? 'long-ride' : 'training',
    );
  });

  return {
    sessions: [...fixed, ...hard, ...easy].sort(byDate),
    hardDates: [...fixed, ...hard]
      .filter((session) => isHardType(session.type))
      .map((session) => session.date),
    intensity: hard.length,
  };
};

/**
 * Endurance time over the easy days: the long ride its share (up to the event's longest; a smaller
 * share in recovery weeks), the other days even and each long enough to be worth riding, never
 * longer than the long ride.
 */
const spreadEndurance = (
  ctx: Context,
  frame: Frame,
  easyDays: string[],
  longDate: string | null,
  enduranceS: number,
): Map<string, number> => {
  const taperCut = (date: string) => (date >= ctx.taperStart ? TAPER_SHARE : 1);
  const perDayMin = frame.recovery ? MIN_RECOVERY_S : MIN_ENDURANCE_S;
  const minShare = frame.recovery ? RECOVERY_LONG_SHARE : LONG_SHARE;
  const longShare = (count: number) =>
    longDate ? (count === 0 ? 1 : Math.max(minShare, 1 / (count + 1))) : 0;
  const candidates = easyDays.filter((date) => date !== longDate);
  let count = candidates.length;
  while (count > 0 && (enduranceS * (1 - longShare(count))) / count < perDayMin) count -= 1;
  const others = candidates.slice(0, count);
  const longS = longDate
    ? Math.min(enduranceS * longShare(count), ctx.profile.longRideMaxS * taperCut(longDate))
    : 0;
  const perDay = count > 0 ? Math.min(OTHER_DAY_MAX_S, (enduranceS - longS) / count) : 0;

  const wholeMinutes = (seconds: number) => Math.floor(seconds / MIN_S) * MIN_S;
  const durations = new Map<string, number>();
  if (longDate && longS >= MIN_RECOVERY_S) durations.set(longDate, wholeMinutes(longS));
  for (const date of others)
    durations.set(date, wholeMinutes(Math.min(perDay * taperCut(date), longS > 0 ? longS : perDay)));
  return durations;
};

// ---- loads and fitness -----------------------------------------------------------------------

/** CTL at the end of the frame's days, from `ctl` at its start, with the sessions' loads. */
const ctlAfter = (ctl: number, frame: Frame, sessions: EngineSession[]): number =>
  frame.days.reduce((current, date) => {
    const load = sessions
      .filter((session) => session.date === date)
      .reduce((sum, s) => sum + s.plannedLoad, 0);
    return current + (load - current) * CTL_FACTOR;
  }, ctl);

/** The week's load that lifts CTL by `ramp` (constant daily load), for `days` of the week. */
const rampLoad = (ctl: number, ramp: number, days: number): number => (ctl + ramp / WEEK_CTL_GAIN) * days;
const hoursLoad = (hours: number, phase: PlanPhase, days: number): number =>
  ((hours * WEEK_IF[phase] ** 2 * 100) / 7) * days;

interface WeekOutcome {
  frame: Frame;
  plan: WeekPlan;
  fromCtl: number;
  toCtl: number;
  /** the uncapped ramp load, when the rider's hours capped it */
  cappedFrom: number | null;
  referenceLoad: number;
}

// ---- the plan --------------------------------------------------------------------------------

/** The first day of race preparation: the event's last PLAN_RACE_PREP_DAYS days (never before today). */
export const taperStartOf = (request: Pick<PlanRequestInput, 'today' | 'eventDate'>): string =>
  [addDays(request.eventDate, -(PLAN_RACE_PREP_DAYS - 1)), request.today].sort().at(-1)!;

export function buildPlan(request: PlanRequestInput, rider: PlanRider): BuiltPlan {
  const profile = EVENT_PROFILES[request.eventType];
  const taperStart = taperStartOf(request);
  const plan = frames(request, taperStart);
  const phases = timeline(plan, request, taperStart);
  const ctx: Context = {
    request,
    rider,
    profile,
    byPower: rider.ftp !== null,
    taperStart,
    openerDate: openerDateOf(request),
    phaseAt: (date) => phases.find((phase) => date >= phase.from && date <= phase.to)?.phase ?? 'taper',
  };

  const outcomes: WeekOutcome[] = [];
  const hardDates = new Set<string>();
  let ctl = rider.startCtl;
  // the full-week load of the last loading week: recovery and taper weeks are shares of it
  let reference = hoursLoad(request.weeklyHours, 'base', 7) * RECOVERY_SHARE;
  let rotation = 0;
  for (const frame of plan) {
    const days = frame.days.filter((date) => date < request.eventDate).length;
    const taperDays = frame.days.filter((date) => date >= taperStart && date < request.eventDate).length;
    let target: number;
    let cappedFrom: number | null = null;
    if (frame.phase === 'taper') target = (reference / 7) * TAPER_SHARE * days;
    else if (frame.recovery) target = (reference / 7) * RECOVERY_SHARE * days;
    else {
      const ramp = rampLoad(ctl, RAMP_BY_PHASE[frame.phase], days);
      const cap = hoursLoad(request.weeklyHours, frame.phase, days);
      target = Math.min(ramp, cap);
      if (cap < ramp) cappedFrom = ramp;
      // taper days inside a peak week already ease off
      target *= (days - taperDays + taperDays * TAPER_SHARE) / Math.max(1, days);
    }
    let week = planWeek(ctx, frame, target, hardDates, rotation);
    let toCtl = ctlAfter(ctl, frame, week.sessions);
    // lumpy weeks (a long ride late in the week) can overshoot the constant-load estimate
    for (let attempt = 0; attempt < 4 && toCtl - ctl > PLAN_RAMP_MAX_CTL_PER_WEEK - 0.2; attempt += 1) {
      target -= ((toCtl - ctl - (PLAN_RAMP_MAX_CTL_PER_WEEK - 0.5)) / WEEK_CTL_GAIN) * 7;
      week = planWeek(ctx, frame, target, hardDates, rotation);
      toCtl = ctlAfter(ctl, frame, week.sessions);
    }
    if (frame.phase !== 'taper' && !frame.recovery && days > 0) reference = (target / days) * 7;
    for (const date of week.hardDates) hardDates.add(date);
    rotation += week.intensity;
    outcomes.push({ frame, plan: week, fromCtl: ctl, toCtl, cappedFrom, referenceLoad: reference });
    ctl = toCtl;
  }

  const weeks = outcomes.map((outcome, index) => weekOf(outcome, outcomes[index - 1], outcomes, request));
  return {
    startCtl: rider.startCtl,
    rampLimit: PLAN_RAMP_MAX_CTL_PER_WEEK,
    phases,
    weeks,
    sessions: outcomes.flatMap((outcome) => outcome.plan.sessions),
    racePrep: racePrepOf(ctx),
    explanation: planExplanation(ctx, phases, weeks),
  };
}

const loadOf = (sessions: readonly { plannedLoad: number }[]): number =>
  sessions.reduce((sum, session) => sum + session.plannedLoad, 0);

const weekOf = (
  outcome: WeekOutcome,
  previous: WeekOutcome | undefined,
  all: WeekOutcome[],
  request: PlanRequestInput,
): EngineWeek => {
  const { frame, fromCtl, toCtl } = outcome;
  const load = r0(loadOf(outcome.plan.sessions));
  const from = r0(fromCtl);
  const to = r0(toCtl);
  const samePhase = all.filter((other) => other.frame.phase === frame.phase && !other.frame.recovery);
  let explanation: string;
  if (frame.phase === 'taper')
    explanation = `Taper: ${load} TSS${frame.days.includes(request.eventDate) ? ` including ${request.eventName}` : ''}, with intensity kept short, holds fitness near ${to} CTL (from ${from}) while fatigue clears for ${dayName(request.eventDate)} ${request.eventDate}.`;
  else if (frame.recovery)
    explanation = `Recovery week: ${load} TSS, about ${r0(RECOVERY_SHARE * 100)}% of ${previous ? `last week's ${r0(loadOf(previous.plan.sessions))}` : 'a loading week'}, lets fitness settle from ${from} to ${to} CTL while fatigue clears.`;
  else {
    const position = samePhase.findIndex((other) => other === outcome) + 1;
    explanation = `${PHASE_LABEL[frame.phase]} week ${position} of ${samePhase.length}: ${load} TSS aims your fitness from ${from} to ${to} CTL, within the ${PLAN_RAMP_MAX_CTL_PER_WEEK} CTL/week bound.`;
    if (outcome.cappedFrom !== null)
      explanation += ` Your ${request.weeklyHours} h a week hold it below the ${r0(outcome.cappedFrom)} TSS the ramp would allow.`;
    if (frame.index === 1 && outcome.plan.hardDates.length === 0 && fromCtl < NEW_RIDER_CTL)
      explanation += ` Endurance only, to start gently from a fitness of ${from}.`;
  }
  return {
    index: frame.index,
    weekStart: frame.weekStart,
    phase: frame.phase,
    recovery: frame.recovery,
    targetLoad: load,
    targetCtl: round1(toCtl),
    explanation,
  };
};

// ---- race preparation and the plan's explanation ----------------------------------------------

/** "1-2 h: 75-85% FTP (195-221 W)", or the heart-rate zones without an FTP. */
export const formatTarget = (
  label: string,
  percent: readonly [number, number],
  rider: Pick<PlanRider, 'ftp' | 'lthr'>,
): string => {
  if (rider.ftp !== null)
    return `${label}: ${percent[0]}-${percent[1]}% FTP (${r0((percent[0] * rider.ftp) / 100)}-${r0((percent[1] * rider.ftp) / 100)} W)`;
  const low = hrZoneOf(percent[0]);
  const high = hrZoneOf(percent[1]);
  const zones = low === high ? `heart-rate zone ${low}` : `heart-rate zones ${low}-${high}`;
  if (rider.lthr === null) return `${label}: ${zones}`;
  return `${label}: ${zones} (${zoneBpm(low, rider.lthr)[0]}-${zoneBpm(high, rider.lthr)[1]} bpm)`;
};

const racePrepOf = (ctx: Context): BuiltPlan['racePrep'] => {
  const { request, profile, taperStart, openerDate } = ctx;
  const taper = `${dayName(taperStart)} ${taperStart}`;
  const targets = profile.targets.map((target) => formatTarget(target.label, target.percent, ctx.rider));
  if (profile.eventDay === null)
    return {
      taperStart,
      guidance: [
        `No race taper: from ${taper} the volume eases to about ${r0(TAPER_SHARE * 100)}% so you reach ${request.eventName} fresh.`,
        `Ride ${request.eventName} at a steady endurance effort and use it as a check of the fitness you built.`,
      ],
      targets,
    };
  return {
    taperStart,
    guidance: [
      `Taper from ${taper}: volume drops to about ${r0(TAPER_SHARE * 100)}% of your peak weeks while short intensity stays, so fatigue clears and form (TSB) rises for ${request.eventName}.`,
      openerDate
        ? `Ride the openers on ${dayName(openerDate)} ${openerDate}: a few short efforts wake the legs without tiring them.`
        : 'None of your riding days falls in the two days before the event: if you can, ride 20-30 minutes easy with 2-3 short efforts the day before.',
      'The day before: carbohydrate-rich meals, plenty to drink, the bike checked and the kit laid out; no long or hard riding.',
      profile.eventDay,
    ],
    targets,
  };
};

const planExplanation = (ctx: Context, phases: BuiltPlan['phases'], weeks: EngineWeek[]): string[] => {
  const { request, rider, profile } = ctx;
  const days = WEEKDAYS.filter((day) => request.ridingDays.includes(day)).map((day) =>
    dayName(mondayOfDay(day)),
  );
  const phaseWords = phases.map((phase) => `${phase.phase} ${phase.from} to ${phase.to}`).join(', ');
  const recoveries = weeks.filter((week) => week.recovery).length;
  return [
    `Built from your fitness today: ${r0(rider.startCtl)} CTL${rider.startCtl < NEW_RIDER_CTL ? ', so the first week is endurance only' : ''}.`,
    `Fitness may rise at most ${PLAN_RAMP_MAX_CTL_PER_WEEK} CTL a week: base weeks aim at ${RAMP_BY_PHASE.base}, build weeks at ${RAMP_BY_PHASE.build} and peak weeks at ${RAMP_BY_PHASE.peak}, less when your hours cap the load.`,
    `Every week fits your ${request.weeklyHours} h on ${days.join(', ')}, with the long ride on ${dayName(mondayOfDay(request.longRideDay))} and never two hard days in a row.`,
    `Phases: ${phaseWords}.`,
    ...(recoveries > 0
      ? [
          `Every ${PLAN_RECOVERY_EVERY_WEEKS}th week is a recovery week at about ${r0(RECOVERY_SHARE * 100)}% of the load (${recoveries} in this plan).`,
        ]
      : []),
    `For a ${EVENT_TYPE_LABELS[request.eventType].toLowerCase()}, build and peak lean on ${profile.focus}.`,
    ctx.byPower
      ? `Targets are in % of your FTP (${rider.ftp} W).`
      : 'Without an FTP, targets are heart-rate zones; set your FTP for power targets.',
  ];
};

/** A date with this weekday (only its name is used). */
const mondayOfDay = (day: (typeof WEEKDAYS)[number]): string => addDays('2024-01-01', WEEKDAYS.indexOf(day));
