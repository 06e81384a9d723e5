import { WORKOUT_TYPE_LABELS, type WorkoutType } from '@domestique/proto';
import { isHardLoad, TIRED_TSB } from '../../training/recommend.js';
import { addDays, dayName, daysBetween, weekdayOf } from './dates.js';
import { taperStartOf } from './periodise.js';
import type { AdaptInput, Adjustment, ComplianceRide, EngineWeek, SettledSession } from './types.js';
import { instantiateWorkout, isHardType, workoutById } from './workout-library.js';

/**
 * The plan adapting to what happened, each change with its reason in the rider's numbers:
 * (a) a missed key session moves to a free riding day later in its week (no hard days back to back,
 *     the week under its target), else it is dropped;
 * (b) after a much harder session or an unplanned hard ride, with form below TIRED_TSB, the next
 *     intensity session within two days moves later in the week, or is eased to endurance;
 * (c) at a new week, last week's load far from its target scales this week's target down.
 * Never into the past, past the event or adding load inside the taper; a trigger in `handled` is
 * never produced again. Pure.
 */

/** A completed session this much over its planned load was "much harder"; an unplanned ride is hard by isHardLoad. */
const HARDER_LOAD_RATIO = 1.3;
/** The next intensity session this many days ahead is the one a hard ride pushes back. */
const LOOKAHEAD_DAYS = 2;
/** The furthest a session is pushed back by a hard ride, days. */
const MAX_PUSH_DAYS = 4;
/** Last week's completed load outside this band of its target rescales this week's. */
const WEEK_UNDER = 0.7;
const WEEK_OVER = 1.2;
/** Over target: this week eases by this share to absorb it. */
const OVER_EASE = 0.9;
/** Under target: this week's target is at least this share of what was planned. */
const UNDER_FLOOR = 0.75;

const r0 = Math.round;

const labelOf = (session: SettledSession): string =>
  session.type === 'rest' ? 'rest day' : WORKOUT_TYPE_LABELS[session.type as WorkoutType];

/** The working plan: sessions as adjustments leave them (moved, eased, dropped). */
class WorkingPlan {
  private readonly dropped = new Set<string>();
  readonly sessions: SettledSession[];

  constructor(
    sessions: SettledSession[],
    private readonly input: AdaptInput,
  ) {
    this.sessions = sessions.map((session) => ({ ...session }));
  }

  /** Sessions that hold their day: not missed, not dropped. */
  active(): SettledSession[] {
    return this.sessions.filter((session) => session.status !== 'missed' && !this.dropped.has(session.key));
  }

  drop(session: SettledSession): void {
    this.dropped.add(session.key);
  }

  weekOf(date: string): EngineWeek | undefined {
    return this.input.weeks.find((week) => date >= week.weekStart && date < addDays(week.weekStart, 7));
  }

  /** A session's load as it stands: measured once completed, else planned. */
  static loadOf(session: SettledSession): number {
    return session.status === 'completed'
      ? (session.compliance?.load ?? session.plannedLoad)
      : session.plannedLoad;
  }

  weekLoad(week: EngineWeek): number {
    return this.active()
      .filter((session) => this.weekOf(session.date)?.index === week.index)
      .reduce((sum, session) => sum + WorkingPlan.loadOf(session), 0);
  }

  /** A riding day with nothing planned and no hard day beside it (other than `ignoring`). */
  isFreeEasyNeighbours(date: string, ignoring: SettledSession): boolean {
    const { request } = this.input;
    if (!request.ridingDays.includes(weekdayOf(date))) return false;
    const others = this.active().filter((session) => session.key !== ignoring.key);
    if (others.some((session) => session.date === date)) return false;
    return !others.some(
      (session) => isHardType(session.type) && Math.abs(daysBetween(session.date, date)) === 1,
    );
  }
}

/** The days after `from` up to `last` (both bounds as dates), in order. */
const daysAfter = (from: string, last: string): string[] => {
  const days: string[] = [];
  for (let date = addDays(from, 1); date <= last; date = addDays(date, 1)) days.push(date);
  return days;
};

/** The last day a session may move to from `date`: its week's Sunday, before the event, before the taper. */
const lastMoveDay = (plan: WorkingPlan, input: AdaptInput, date: string): string | null => {
  const week = plan.weekOf(date);
  if (!week) return null;
  const taperStart = taperStartOf(input.request);
  const limits = [addDays(week.weekStart, 6), addDays(input.request.eventDate, -1)];
  if (date < taperStart) limits.push(addDays(taperStart, -1));
  return limits.sort()[0]!;
};

// ---- (a) missed key sessions -----------------------------------------------------------------

const missedSessions = (input: AdaptInput, plan: WorkingPlan): Adjustment[] => {
  const adjustments: Adjustment[] = [];
  const missed = plan.sessions
    .filter(
      (session) =>
        session.status === 'missed' &&
        session.date < input.today &&
        session.role !== 'event' &&
        isHardType(session.type) &&
        !input.handled.has(`missed:${session.key}`),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
  const taperStart = taperStartOf(input.request);
  for (const session of missed) {
    const trigger = `missed:${session.key}`;
    const label = `${dayName(session.date)}'s ${labelOf(session)}`;
    const week = plan.weekOf(session.date);
    const last = lastMoveDay(plan, input, session.date);
    const earliest = [addDays(session.date, 1), input.today].sort().at(-1)!;
    const days = last && session.date < taperStart ? daysAfter(addDays(earliest, -1), last) : [];
    const free = days.filter((date) => plan.isFreeEasyNeighbours(date, session));
    const weekLoad = week ? plan.weekLoad(week) : 0;
    const fits = week !== undefined && weekLoad + session.plannedLoad <= week.targetLoad;
    const date = fits ? free[0] : undefined;
    if (date && week) {
      session.date = date;
      session.status = 'planned';
      adjustments.push({
        trigger,
        sessionKey: session.key,
        kind: 'moved',
        reason: `Moved ${label} to ${dayName(date)}: you missed it, and ${dayName(date)} is free with no hard day beside it (the week holds ${r0(weekLoad + session.plannedLoad)} of its ${week.targetLoad} TSS).`,
        change: { type: 'move', date },
      });
      continue;
    }
    let cause: string;
    if (session.date >= taperStart) cause = 'the taper never makes up missed load';
    else if (days.length === 0) cause = 'no day is left in its week to make it up';
    else if (free.length === 0) cause = 'no free riding day is left this week without two hard days in a row';
    else
      cause = `moving it would take the week to ${r0(weekLoad + session.plannedLoad)} TSS, over its ${week?.targetLoad ?? 0} TSS target`;
    plan.drop(session);
    adjustments.push({
      trigger,
      sessionKey: session.key,
      kind: 'dropped',
      reason: `Dropped ${label} you missed: ${cause}.`,
      change: { type: 'drop' },
    });
  }
  return adjustments;
};

// ---- (b) harder than planned, tired form ------------------------------------------------------

interface HardRide {
  trigger: string;
  date: string;
  words: string;
}

/** Recent sessions ridden much harder than planned and unplanned hard rides, newest first. */
const hardRides = (input: AdaptInput, plan: WorkingPlan): HardRide[] => {
  const recent = (date: string) => date <= input.today && date >= addDays(input.today, -LOOKAHEAD_DAYS);
  const sessions = plan.sessions
    .filter(
      (session) =>
        session.status === 'completed' &&
        session.compliance !== null &&
        recent(session.date) &&
        session.compliance.loadRatio > HARDER_LOAD_RATIO,
    )
    .map((session) => ({
      trigger: `harder:${session.key}`,
      date: session.date,
      words: `${labelOf(session)} at ${r0(session.compliance!.loadRatio * 100)}% of its planned load (${session.compliance!.load} TSS)`,
    }));
  const rides = input.unplannedRides
    .filter((ride): ride is ComplianceRide & { load: number } => ride.load !== null && recent(ride.date))
    .filter((ride) => isHardLoad(ride.load, input.form.ctl))
    .map((ride) => ({
      trigger: `ride:${ride.id}`,
      date: ride.date,
      words: `"${ride.name}" (${r0(ride.load)} TSS)`,
    }));
  return [...sessions, ...rides]
    .filter((ride) => !input.handled.has(ride.trigger))
    .sort((a, b) => b.date.localeCompare(a.date));
};

const tiredForm = (input: AdaptInput, plan: WorkingPlan): Adjustment[] => {
  if (input.form.tsb >= TIRED_TSB) return [];
  const tsb = r0(input.form.tsb);
  const adjustments: Adjustment[] = [];
  const eased = new Set<string>();
  for (const cause of hardRides(input, plan)) {
    const next = plan
      .active()
      .filter(
        (session) =>
          session.status === 'planned' &&
          session.role === 'training' &&
          isHardType(session.type) &&
          !eased.has(session.key) &&
          session.date >= input.today &&
          session.date <= addDays(input.today, LOOKAHEAD_DAYS),
      )
      .sort((a, b) => a.date.localeCompare(b.date))[0];
    if (!next) continue;
    const label = `${dayName(next.date)}'s ${labelOf(next)}`;
    const because = `your form is ${tsb} after ${dayName(cause.date)}'s ${cause.words}`;
    const last = lastMoveDay(plan, input, next.date);
    const restDay = addDays(cause.date, 2);
    const date = last
      ? daysAfter(next.date, [last, addDays(next.date, MAX_PUSH_DAYS)].sort()[0]!).find(
          (candidate) => candidate >= restDay && plan.isFreeEasyNeighbours(candidate, next),
        )
      : undefined;
    if (date) {
      adjustments.push({
        trigger: cause.trigger,
        sessionKey: next.key,
        kind: 'moved',
        reason: `Moved ${label} to ${dayName(date)}: ${because}.`,
        change: { type: 'move', date },
      });
      next.date = date;
      continue;
    }
    const workout = instantiateWorkout(workoutById('endurance-steady'), {
      date: next.date,
      byPower: input.rider.ftp !== null,
      durationS: next.durationS,
      reason: `Eased from a ${labelOf(next)}: ${because}.`,
    });
    adjustments.push({
      trigger: cause.trigger,
      sessionKey: next.key,
      kind: 'eased',
      reason: `Eased ${label} to an endurance ride: ${because}, and no later day this week keeps hard days apart.`,
      change: { type: 'replace', workout },
    });
    Object.assign(next, { type: workout.type, plannedLoad: workout.plannedLoad });
    eased.add(next.key);
  }
  return adjustments;
};

// ---- (c) the week's load ---------------------------------------------------------------------

const weeklyLoad = (input: AdaptInput, plan: WorkingPlan): Adjustment[] => {
  const current = plan.weekOf(input.today);
  if (!current || current.index < 2) return [];
  const trigger = `week:${current.index}`;
  const last = input.weeks.find((week) => week.index === current.index - 1);
  if (input.handled.has(trigger) || !last || last.targetLoad <= 0 || current.targetLoad <= 0) return [];
  const inLast = (date: string) => plan.weekOf(date)?.index === last.index;
  const completed =
    plan.sessions
      .filter((session) => session.status === 'completed' && inLast(session.date))
      .reduce((sum, session) => sum + (session.compliance?.load ?? session.plannedLoad), 0) +
    input.unplannedRides.filter((ride) => inLast(ride.date)).reduce((sum, ride) => sum + (ride.load ?? 0), 0);
  const ratio = completed / last.targetLoad;
  if (ratio >= WEEK_UNDER && ratio <= WEEK_OVER) return [];
  const factor = ratio < WEEK_UNDER ? Math.max(UNDER_FLOOR, (1 + ratio) / 2) : OVER_EASE;
  const targetLoad = r0(current.targetLoad * factor);
  const why = ratio < WEEK_UNDER ? 'so the load builds again from where you are' : 'to absorb the extra load';
  return [
    {
      trigger,
      sessionKey: null,
      kind: 'week-load',
      reason: `Last week you rode ${r0(completed)} of its ${last.targetLoad} TSS (${r0(ratio * 100)}%): this week's target eases from ${current.targetLoad} to ${targetLoad} TSS ${why}.`,
      change: { type: 'week-target', week: current.index, targetLoad },
    },
  ];
};

export function adaptPlan(input: AdaptInput): Adjustment[] {
  const plan = new WorkingPlan(input.sessions, input);
  const adjustments = [...missedSessions(input, plan), ...tiredForm(input, plan), ...weeklyLoad(input, plan)];
  const seen = new Set<string>();
  return adjustments.filter((adjustment) => !seen.has(adjustment.trigger) && seen.add(adjustment.trigger));
}
