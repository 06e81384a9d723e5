import fc from 'fast-check';
import { adaptPlan } from '../adapt.js';
import { addDays, daysBetween } from '../dates.js';
import { buildPlan, taperStartOf } from '../periodise.js';
import type { AdaptInput, PlanRequestInput, PlanRider, SettledSession } from '../types.js';
import { isHardType } from '../workout-library.js';

const request: PlanRequestInput = {
  today: '2026-11-30',
  eventName: 'Spring Fondo',
  eventDate: '2027-02-21',
  eventType: 'road-race',
  weeklyHours: 10,
  ridingDays: ['tue', 'thu', 'sat', 'sun'],
  longRideDay: 'sun',
};
const rider: PlanRider = { ftp: 260, lthr: 165, weightKg: 72, startCtl: 50, startAtl: 55 };
const plan = buildPlan(request, rider);
/** The rider can now ride any day: free days to move sessions to. */
const adaptRequest: PlanRequestInput = {
  ...request,
  ridingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
};
const taperStart = taperStartOf(request);

/** The plan as settled on `today`: past sessions ridden (at a load ratio) or missed. */
const settled = (today: string, outcomes: { missed: boolean; ratio: number }[]): SettledSession[] =>
  plan.sessions.map((session, index) => {
    if (session.date >= today) return { ...session, status: 'planned', compliance: null, originalDate: null };
    const outcome = outcomes[index % outcomes.length]!;
    if (outcome.missed) return { ...session, status: 'missed', compliance: null, originalDate: null };
    const load = Math.round(session.plannedLoad * outcome.ratio);
    return {
      ...session,
      status: 'completed',
      originalDate: null,
      compliance: {
        rideId: `ride-${session.key}`,
        rideName: 'Ride',
        durationS: session.durationS,
        load,
        durationRatio: 1,
        loadRatio: outcome.ratio,
        timeInTargetRatio: null,
        score: 80,
        verdict: 'done',
        summary: '',
      },
    };
  });

describe('adaptPlan: properties', () => {
  const scenarios = fc.record({
    day: fc.integer({ min: 1, max: daysBetween(request.today, request.eventDate) - 1 }),
    outcomes: fc.array(
      fc.record({ missed: fc.boolean(), ratio: fc.double({ min: 0.3, max: 2, noNaN: true }) }),
      { minLength: 1, maxLength: 9 },
    ),
    tsb: fc.integer({ min: -45, max: 15 }),
    rideLoad: fc.option(fc.integer({ min: 20, max: 300 })),
  });

  it('moves only forward inside the plan, keeps hard days apart and never repeats a trigger', () => {
    fc.assert(
      fc.property(scenarios, ({ day, outcomes, tsb, rideLoad }) => {
        const today = addDays(request.today, day);
        const sessions = settled(today, outcomes);
        const input: AdaptInput = {
          today,
          form: { ctl: 55, atl: 55 - tsb, tsb },
          weeks: plan.weeks,
          sessions,
          unplannedRides:
            rideLoad === null
              ? []
              : [
                  {
                    id: 'extra',
                    name: 'Club race',
                    date: addDays(today, -1),
                    durationS: 7200,
                    load: rideLoad,
                    watts: null,
                    heartrate: null,
                  },
                ],
          request: adaptRequest,
          rider,
          handled: new Set(),
        };
        const adjustments = adaptPlan(input);
        expect(new Set(adjustments.map((a) => a.trigger)).size).toBe(adjustments.length);

        // applied: moves forward, within the week and before the taper when it started before it
        const after = new Map(sessions.map((session) => [session.key, { ...session }]));
        for (const adjustment of adjustments) {
          const session = adjustment.sessionKey ? after.get(adjustment.sessionKey)! : null;
          if (adjustment.change.type === 'move') {
            const { date } = adjustment.change;
            expect(date >= today).toBe(true);
            expect(date < request.eventDate).toBe(true);
            if (session!.date < taperStart) expect(date < taperStart).toBe(true);
            Object.assign(session!, { date, status: 'planned' });
          } else if (adjustment.change.type === 'drop') after.delete(session!.key);
          else if (adjustment.change.type === 'replace') {
            expect(adjustment.change.workout.plannedLoad).toBeLessThanOrEqual(session!.plannedLoad);
            Object.assign(session!, adjustment.change.workout);
          } else {
            const week = plan.weeks.find((w) => w.index === (adjustment.change as { week: number }).week)!;
            expect(adjustment.change.targetLoad).toBeLessThan(week.targetLoad);
          }
          expect(adjustment.reason.length).toBeGreaterThan(20);
        }
        const moved = new Set(adjustments.filter((a) => a.change.type === 'move').map((a) => a.sessionKey));
        const hard = [...after.values()].filter((s) => s.status !== 'missed' && isHardType(s.type));
        for (const session of hard.filter((s) => moved.has(s.key)))
          expect(
            hard.filter(
              (other) => other.key !== session.key && Math.abs(daysBetween(other.date, session.date)) <= 1,
            ),
          ).toEqual([]);

        // idempotent: with its triggers handled, the same day produces none of them again
        const again = adaptPlan({ ...input, handled: new Set(adjustments.map((a) => a.trigger)) });
        expect(again.filter((a) => adjustments.some((b) => b.trigger === a.trigger))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
