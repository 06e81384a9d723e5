import { RECOMMENDATION_DAYS, type GoalDto, type PlannedWorkoutDto } from '@domestique/proto';
import { addDays } from '../analytics/calendar.js';
import { ATL_FACTOR, CTL_FACTOR } from './load-math.js';
import { buildWorkout, type SessionKind } from './workouts.js';

/**
 * The next seven days of sessions, from the rider's form and recent load, with these rules in order
 * (each day's form is projected from the days planned before it, with the same CTL/ATL model):
 * 1. TSB below -30: rest.
 * 2. The day before was hard (ridden or planned): an easy day; a rest day when TSB is below -20.
 * 3. Fitness rising faster than MAX_RAMP a week: no hard session, endurance only.
 * 4. Otherwise a hard session when none was in the two days before and the week holds fewer than
 *    its allowance (two; three when fresh), its kind chosen by the rider's goal; else endurance,
 *    sized to hold fitness (a longer ride on the weekend for a distance or time goal).
 * Every day carries one sentence with the numbers it was decided on. Pure.
 */

/** CTL points a week beyond which the plan adds no hard session (a safe ramp). */
export const MAX_RAMP = 6;
export const REST_TSB = -30;
export const TIRED_TSB = -20;
/** Above this form the week may hold a third hard session. */
const FRESH_TSB = 5;

/** A ridden day is hard when its load reaches this many times the rider's fitness (and HARD_DAY_MIN_LOAD). */
export const HARD_DAY_LOAD_FACTOR = 1.5;
export const HARD_DAY_MIN_LOAD = 80;

/** Endurance days aim at this share of CTL as their load (holding fitness with the hard days on top). */
const ENDURANCE_LOAD_OF_CTL = 0.9;
const ENDURANCE_IF = 0.7;
const ENDURANCE_MIN_S = 45 * 60;
const ENDURANCE_MAX_S = 4 * 3600;
const LONG_RIDE_FACTOR = 1.5;
const RECOVERY_S = 40 * 60;

const HARD_KINDS: readonly SessionKind[] = ['sweet-spot', 'threshold', 'vo2max'];

export interface RecommendationInput {
  /** YYYY-MM-DD, the first day planned */
  today: string;
  /** CTL and ATL at the end of yesterday */
  ctl: number;
  atl: number;
  /** loads of the days before today, oldest first (at least the last 7 when the rider rode) */
  recentLoads: readonly { date: string; load: number }[];
  /** CTL change over the last 7 days */
  rampRate: number;
  /** steps in %FTP when true, heart-rate zones otherwise */
  byPower: boolean;
  /** active goals, soonest target first */
  goals: readonly Pick<GoalDto, 'title' | 'type' | 'targetDate'>[];
}

const r0 = (value: number): number => Math.round(value);
const signed = (value: number): string => (r0(value) > 0 ? `+${r0(value)}` : String(r0(value)));

export const isHardLoad = (load: number, ctl: number): boolean =>
  load >= Math.max(HARD_DAY_MIN_LOAD, HARD_DAY_LOAD_FACTOR * ctl);

/** Weekday 0 = Sunday ... 6 = Saturday of a YYYY-MM-DD. */
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The hard session a goal asks for (the n-th hard day of the week rotates through the rest). */
const hardKindFor = (goal: RecommendationInput['goals'][number] | undefined, nth: number): SessionKind => {
  const first: SessionKind =
    goal?.type === 'speed' ? 'threshold' : goal?.type === 'elevation' ? 'sweet-spot' : 'sweet-spot';
  const order = [first, ...HARD_KINDS.filter((kind) => kind !== first)];
  return order[nth % order.length]!;
};

const goalPhrase = (goal: RecommendationInput['goals'][number] | undefined): string =>
  goal ? ` toward "${goal.title}" (${goal.targetDate})` : '';

interface DayPlan {
  kind: SessionKind | 'rest';
  durationS: number;
  reason: string;
}

export const recommendWeek = (input: RecommendationInput): PlannedWorkoutDto[] => {
  const goal = input.goals[0];
  const longRideGoal = goal?.type === 'distance' || goal?.type === 'time';
  let { ctl, atl } = input;
  const history = input.recentLoads.map((day) => ({
    date: day.date,
    load: day.load,
    hard: isHardLoad(day.load, ctl),
  }));
  const plan: PlannedWorkoutDto[] = [];
  let hardThisWeek = 0;

  for (let index = 0; index < RECOMMENDATION_DAYS; index++) {
    const date = addDays(input.today, index);
    const tsb = ctl - atl;
    const yesterday = history.at(-1);
    const hardInLastTwo = history.slice(-2).some((day) => day.hard);
    const allowance = tsb > FRESH_TSB ? 3 : 2;
    // the ramp the plan itself has built so far counts too
    const ramp = index === 0 ? input.rampRate : input.rampRate + (ctl - input.ctl);
    const enduranceS = Math.min(
      ENDURANCE_MAX_S,
      Math.max(
        ENDURANCE_MIN_S,
        ((Math.max(ctl, 30) * ENDURANCE_LOAD_OF_CTL) / (ENDURANCE_IF ** 2 * 100)) * 3600,
      ),
    );

    let day: DayPlan;
    if (tsb < REST_TSB) {
      day = {
        kind: 'rest',
        durationS: 0,
        reason: `Your form is ${signed(tsb)} (fitness ${r0(ctl)}, fatigue ${r0(atl)}), below ${REST_TSB}: rest to absorb the load.`,
      };
    } else if (yesterday?.hard) {
      day =
        tsb < TIRED_TSB
          ? {
              kind: 'rest',
              durationS: 0,
              reason: `After a hard day (${r0(yesterday.load)} TSS) your form is ${signed(tsb)}: rest before the next effort.`,
            }
          : {
              kind: 'recovery',
              durationS: RECOVERY_S,
              reason: `After a hard day (${r0(yesterday.load)} TSS) with form at ${signed(tsb)}: keep it easy so the work sinks in.`,
            };
    } else if (ramp > MAX_RAMP) {
      day = {
        kind: 'endurance',
        durationS: ENDURANCE_MIN_S,
        reason: `Fitness is rising ${r0(ramp)} points a week, above the safe ${MAX_RAMP}: steady endurance only to let the ramp settle.`,
      };
    } else if (!hardInLastTwo && hardThisWeek < allowance && tsb >= TIRED_TSB) {
      const kind = hardKindFor(goal, hardThisWeek);
      day = {
        kind,
        durationS: 0,
        reason: `Form ${signed(tsb)} with fitness ${r0(ctl)} and no hard day in the last two: a ${kind} session${goalPhrase(goal)}.`,
      };
    } else {
      const weekend = weekday(date) === 0 || weekday(date) === 6;
      const long = longRideGoal && weekend;
      const durationS = long ? Math.min(ENDURANCE_MAX_S, enduranceS * LONG_RIDE_FACTOR) : enduranceS;
      day = {
        kind: 'endurance',
        durationS,
        reason: long
          ? `A longer weekend ride${goalPhrase(goal)}, with form at ${signed(tsb)} and fitness ${r0(ctl)}.`
          : `Aerobic riding around ${r0(ctl * ENDURANCE_LOAD_OF_CTL)} TSS holds your fitness of ${r0(ctl)} between harder days (form ${signed(tsb)}).`,
      };
    }

    const workout =
      day.kind === 'rest'
        ? { title: 'Rest day', steps: [], durationS: 0, plannedLoad: 0 }
        : buildWorkout(day.kind, input.byPower, day.durationS);
    const hard = HARD_KINDS.includes(day.kind as SessionKind);
    if (hard) hardThisWeek++;
    plan.push({
      date,
      type: day.kind,
      title: workout.title,
      steps: workout.steps,
      durationS: workout.durationS,
      plannedLoad: workout.plannedLoad,
      reason: day.reason,
    });
    history.push({ date, load: workout.plannedLoad, hard });
    ctl += (workout.plannedLoad - ctl) * CTL_FACTOR;
    atl += (workout.plannedLoad - atl) * ATL_FACTOR;
  }
  return plan;
};
