import { describe, expect, it } from '@jest/globals';
import { resolveAthletes } from '../athletes.js';
import { plannedTruth, planHistory, type ActivityPlan } from '../planner.js';
import { simulateWithTruth } from '../ride-model.js';
import { intervalSession } from '../workouts.js';

// A fixed "now" so the histories are the same on every run.
const NOW = Date.UTC(2025, 5, 18, 12, 0, 0) / 1000;
const athletes = resolveAthletes(undefined, 7);
const histories = athletes.map((athlete) => ({ athlete, plans: planHistory(athlete, 7, NOW) }));

describe('the ground truth of simulated rides', () => {
  it('gives every cycling ride a type, and every type occurs in the preset athletes’ histories', () => {
    const types = new Set<string>();
    for (const { plans } of histories)
      for (const plan of plans) {
        const truth = plannedTruth(plan);
        const cycling = plan.sportType !== 'Run' && plan.sportType !== 'Walk';
        expect(truth === null).toBe(!cycling || plan.manual);
        if (!truth) continue;
        types.add(truth.type);
        if (plan.sportType === 'EBikeRide' || plan.commute) expect(truth.type).toBe('recovery');
        if (plan.workout === 'group' && plan.sportType !== 'EBikeRide') expect(truth.type).toBe('mixed');
        if (plan.workout !== 'intervals' && plan.workout !== 'test')
          expect(truth).toEqual(expect.objectContaining({ intervals: [], structure: null }));
      }
    expect([...types].sort()).toEqual(
      [
        'anaerobic',
        'endurance',
        'mixed',
        'race',
        'recovery',
        'sweet-spot',
        'tempo',
        'threshold',
        'vo2max',
      ].sort(),
    );
  });

  it('places each interval on the 1 Hz streams where its power was ridden, with no stop inside a set', () => {
    const intervalDays: { plan: ActivityPlan; athlete: (typeof athletes)[number] }[] = histories.flatMap(
      ({ athlete, plans }) =>
        plans
          .filter((plan) => plan.workout === 'intervals' && plan.power && !plan.manual && !plan.trainer)
          .slice(-6)
          .map((plan) => ({ plan, athlete })),
    );
    expect(intervalDays.length).toBeGreaterThanOrEqual(12);
    for (const { plan, athlete } of intervalDays) {
      const { simulation, truth } = simulateWithTruth(plan, athlete)!;
      const session = intervalSession(plan.seed, plan.movingSeconds);
      expect(truth!.type).toBe(session.type);
      expect(truth!.intervals).toHaveLength(session.repeats);
      expect(truth!.structure).toMatch(
        /^\d+ x \d+ (s|min)( \d+ s)? at \d+% of FTP( with \d+ (s|min)( \d+ s)? easy)?$/,
      );
      const { watts, moving } = simulation.streams;
      const first = truth!.intervals[0]!;
      const last = truth!.intervals[truth!.intervals.length - 1]!;
      for (let i = first.startSecond; i < last.startSecond + last.durationSeconds; i += 1)
        expect(moving[i]).toBe(1);
      for (const interval of truth!.intervals) {
        expect(interval.durationSeconds).toBe(session.workSeconds);
        let sum = 0;
        for (let i = interval.startSecond; i < interval.startSecond + interval.durationSeconds; i += 1)
          sum += watts![i]!;
        const measured = sum / interval.durationSeconds / athlete.ftp;
        // noise averages out over a bout: within 15% for bouts under 5 min, 5% for longer ones
        expect(Math.abs(measured / interval.fractionOfFtp - 1)).toBeLessThan(
          interval.durationSeconds < 300 ? 0.15 : 0.05,
        );
      }
    }
  });

  it('keeps the interval days drawn before the new sessions: three in four ride the sets they always rode', () => {
    const names = histories.flatMap(({ plans }) =>
      plans
        .filter((plan) => plan.workout === 'intervals')
        .map((plan) => intervalSession(plan.seed, plan.movingSeconds).type),
    );
    const added = names.filter((type) => type === 'tempo' || type === 'anaerobic').length;
    expect(added / names.length).toBeGreaterThan(0.15);
    expect(added / names.length).toBeLessThan(0.35);
  });
});
