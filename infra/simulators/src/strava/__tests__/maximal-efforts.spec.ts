import { describe, expect, it } from '@jest/globals';
import { maximalPower, resolveAthletes, W_PRIME, type DemoAthlete } from '../athletes.js';
import { planHistory, planNewActivity, plannedTruth, type ActivityPlan } from '../planner.js';
import { decisiveMove, simulate, simulateWithTruth } from '../ride-model.js';

// A fixed "now" so the histories are the same on every run.
const NOW = Date.UTC(2025, 5, 18, 12, 0, 0) / 1000;
const DAY = 86_400;
const athletes = resolveAthletes(undefined, 7);
const histories = athletes.map((athlete) => ({ athlete, plans: planHistory(athlete, 7, NOW) }));
/** The athletes with a power meter on the road bike (the commuter rides with power only indoors). */
const withPower = histories.filter(({ athlete }) => athlete.habits.roadPower > 0);

/** Best mean of `values` over `seconds` consecutive samples. */
const bestMean = (values: ArrayLike<number>, length: number, seconds: number): number => {
  let sum = 0;
  let best = 0;
  for (let i = 0; i < length; i += 1) {
    sum += values[i]!;
    if (i >= seconds) sum -= values[i - seconds]!;
    if (i >= seconds - 1) best = Math.max(best, sum / seconds);
  }
  return best;
};

const bestPower = (plan: ActivityPlan, athlete: DemoAthlete, seconds: number): number => {
  const { streams } = simulate(plan, athlete)!;
  return bestMean(streams.watts!, streams.length, seconds);
};

describe('the athletes’ maximal efforts', () => {
  it('follows the 2-parameter critical power model with CP = FTP and W′ by profile', () => {
    const [demo, , , racer] = athletes;
    expect(maximalPower(demo!, 1200)).toBeCloseTo(250 + 16_000 / 1200, 6);
    expect(maximalPower(racer!, 300)).toBeCloseTo(320 + 22_000 / 300, 6);
    expect(W_PRIME.racer).toBeGreaterThan(W_PRIME.climber);
    expect(W_PRIME.climber).toBeGreaterThan(W_PRIME.allrounder);
    expect(W_PRIME.allrounder).toBeGreaterThan(W_PRIME.commuter);
    // the longer the effort, the closer to FTP
    expect(maximalPower(demo!, 180)).toBeGreaterThan(maximalPower(demo!, 600));
    expect(maximalPower(demo!, 3600) / demo!.ftp).toBeLessThan(1.05);
  });

  it('plans an FTP test about every 5-6 weeks for athletes with a power meter', () => {
    for (const { plans } of withPower) {
      const tests = plans.filter((plan) => plan.workout === 'test');
      expect(tests.length).toBeGreaterThanOrEqual(3);
      for (const test of tests) expect(test.power).toBe(true);
      // every 8-week window of the history holds at least one
      const first = plans[0]!.start;
      for (let from = first; from + 56 * DAY <= NOW; from += 7 * DAY)
        expect(tests.some((test) => test.start >= from && test.start < from + 56 * DAY)).toBe(true);
      for (let k = 1; k < tests.length; k += 1)
        expect(tests[k]!.start - tests[k - 1]!.start).toBeGreaterThanOrEqual(35 * DAY);
    }
  });

  it('rides an FTP test as 20 minutes all-out at the athlete’s best 20-minute power, read as threshold work', () => {
    for (const { athlete, plans } of withPower) {
      const test = plans.filter((plan) => plan.workout === 'test' && !plan.manual).at(-1)!;
      const target = maximalPower(athlete, 1200);
      const percent = Math.round((100 * target) / athlete.ftp);
      expect(plannedTruth(test)).toEqual({
        type: 'threshold',
        intervals: [
          { startSecond: expect.any(Number), durationSeconds: 1200, fractionOfFtp: target / athlete.ftp },
        ],
        structure: `1 x 20 min at ${percent}% of FTP`,
      });
      expect(test.name).toMatch(/FTP test/);
      const { simulation, truth } = simulateWithTruth(test, athlete)!;
      const { watts, length } = simulation.streams;
      expect(Math.abs(bestMean(watts!, length, 1200) / target - 1)).toBeLessThan(0.02);
      // the bout sits where the truth says
      const bout = truth!.intervals[0]!;
      let sum = 0;
      for (let i = bout.startSecond; i < bout.startSecond + bout.durationSeconds; i += 1) sum += watts![i]!;
      expect(Math.abs(sum / bout.durationSeconds / target - 1)).toBeLessThan(0.02);
    }
  });

  it('rides a race’s decisive move all-out: its best power for that duration is the athlete’s maximal power', () => {
    const races = withPower.flatMap(({ athlete, plans }) =>
      plans
        .filter((plan) => plan.workout === 'race' && plan.power && !plan.manual)
        .slice(-3)
        .map((plan) => ({ athlete, plan })),
    );
    expect(races.length).toBeGreaterThanOrEqual(6);
    for (const { athlete, plan } of races) {
      const move = decisiveMove(plan, athlete)!;
      const seconds = move.end - move.start;
      expect(seconds).toBeGreaterThanOrEqual(180);
      expect(seconds).toBeLessThanOrEqual(480);
      // paced evenly: within 2% of the model
      expect(Math.abs(bestPower(plan, athlete, seconds) / maximalPower(athlete, seconds) - 1)).toBeLessThan(
        0.02,
      );
      expect(plannedTruth(plan)!.type).toBe('race');
    }
  });

  it('gives a race whose attack lasts 5 minutes a best 5-minute power within 3% of P(300)', () => {
    const racer = athletes[3]!;
    let plan: ActivityPlan | undefined;
    for (let sequence = 1; !plan && sequence < 5000; sequence += 1) {
      const candidate = planNewActivity(racer, 7, sequence, NOW, { workout: 'race', power: true });
      const move = decisiveMove(candidate, racer)!;
      if (move.end - move.start === 300) plan = candidate;
    }
    expect(plan).toBeDefined();
    expect(Math.abs(bestPower(plan!, racer, 300) / maximalPower(racer, 300) - 1)).toBeLessThan(0.03);
  });
});
