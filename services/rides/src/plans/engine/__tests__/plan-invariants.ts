import { PLAN_RAMP_MAX_CTL_PER_WEEK } from '@domestique/proto';
import { CTL_FACTOR } from '../../../training/load-math.js';
import { addDays, daysBetween, weekdayOf } from '../dates.js';
import type { BuiltPlan, PlanRequestInput, PlanRider } from '../types.js';
import { isHardType } from '../workout-library.js';

/** The plan's safety rules, checked the same way by the example and the property tests. */

/** CTL at the end of each plan week, simulated day by day from the planned loads. */
export const weekEndCtl = (plan: BuiltPlan, request: PlanRequestInput, rider: PlanRider): number[] => {
  const loads = new Map<string, number>();
  for (const session of plan.sessions)
    loads.set(session.date, (loads.get(session.date) ?? 0) + session.plannedLoad);
  let ctl = rider.startCtl;
  const ends: number[] = [];
  for (let date = request.today; date <= request.eventDate; date = addDays(date, 1)) {
    ctl += ((loads.get(date) ?? 0) - ctl) * CTL_FACTOR;
    if (weekdayOf(date) === 'sun' || date === request.eventDate) ends.push(ctl);
  }
  return ends;
};

export const rampViolations = (plan: BuiltPlan, request: PlanRequestInput, rider: PlanRider): number[] => {
  const ends = weekEndCtl(plan, request, rider);
  return ends
    .map((ctl, index) => ctl - (index === 0 ? rider.startCtl : ends[index - 1]!))
    .filter((rise) => rise > PLAN_RAMP_MAX_CTL_PER_WEEK);
};

export const hardBackToBack = (plan: BuiltPlan): string[] => {
  const hard = plan.sessions
    .filter((session) => isHardType(session.type))
    .map((session) => session.date)
    .sort();
  return hard.filter((date, index) => index > 0 && daysBetween(hard[index - 1]!, date) <= 1);
};

export const offDaySessions = (plan: BuiltPlan, request: PlanRequestInput) =>
  plan.sessions.filter(
    (session) => session.role !== 'event' && !request.ridingDays.includes(weekdayOf(session.date)),
  );

/** Seconds of riding per plan week, without the event itself. */
export const trainingSecondsByWeek = (plan: BuiltPlan): number[] =>
  plan.weeks.map((week) =>
    plan.sessions
      .filter((session) => session.week === week.index && session.role !== 'event')
      .reduce((sum, session) => sum + session.durationS, 0),
  );

/** Weeks where an easy day is longer than the long ride. */
export const longRideShorterThanEasyDays = (plan: BuiltPlan): number[] =>
  plan.weeks
    .filter((week) => {
      const sessions = plan.sessions.filter((session) => session.week === week.index);
      const long = sessions.find((session) => session.role === 'long-ride');
      return (
        long !== undefined &&
        sessions.some(
          (session) =>
            session.role === 'training' &&
            (session.type === 'endurance' || session.type === 'recovery') &&
            session.durationS > long.durationS,
        )
      );
    })
    .map((week) => week.index);
