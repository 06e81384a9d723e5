import { newGoal, newHistory, newInput, newWorkout } from '../../engine/__tests__/ride-input.factory.js';
import { numberFactsOf, rideFeedbackNumberFacts } from '../number-facts.js';
import { buildRideFacts } from '../ride-facts.js';

const NOW = new Date('2025-06-14T12:00:00Z');

describe('buildRideFacts', () => {
  it('derives kJ from the recorded power and kcal as an estimate at 24% efficiency', () => {
    const { power } = buildRideFacts(newInput({ kilojoules: 1410 }), NOW);
    expect(power?.workKj).toBe(1410);
    expect(power?.estimatedKcal).toBeCloseTo(1410 / (0.24 * 4.184), 6);
    expect(buildRideFacts(newInput({ kilojoules: null }), NOW).power?.workKj).toBeNull();
  });

  it('states goal state from the context: the start date decides what counts, days left come from today', () => {
    const goal = newGoal({ startDate: '2025-06-01', targetDate: '2025-07-19', daysLeft: 35 });
    const older = buildRideFacts(newInput({ startDate: '2025-04-20T07:30:00Z' }, { goals: [goal] }), NOW);
    expect(older.goals[0]).toMatchObject({ thisRideCounts: false, thisRideAddsMi: null, daysLeftDays: 35 });
    const newer = buildRideFacts(newInput({}, { goals: [goal] }), NOW);
    expect(newer.goals[0]).toMatchObject({ thisRideCounts: true, daysLeftDays: 35 });
    expect(newer.goals[0]!.thisRideAddsMi).toBeCloseTo(62_000 / 1609.34, 6);
    // without days left in the context they are counted from today, not from the ride
    const { goals } = buildRideFacts(
      newInput({ startDate: '2025-04-20T07:30:00Z' }, { goals: [{ ...goal, daysLeft: null }] }),
      NOW,
    );
    expect(goals[0]!.daysLeftDays).toBe(35);
  });

  it('leaves out what may not be said: decoupling off steady rides, EF under 20 minutes', () => {
    const intervals = buildRideFacts(newInput({ workout: newWorkout('vo2max', [[5, 300, 300, 115]]) }), NOW);
    expect(intervals.heartRate?.aerobicDecouplingPct).toBeNull();
    expect(intervals.workout).toMatchObject({
      intervalSession: true,
      structure: '5 x 5 min at 115% of FTP with 5 min easy',
    });
    const short = buildRideFacts(newInput({ movingTimeS: 15 * 60, elapsedTimeS: 15 * 60 }), NOW);
    expect(short.heartRate?.efficiencyFactor).toBeNull();
    expect(buildRideFacts(newInput(), NOW).heartRate?.aerobicDecouplingPct).toBe(3.2);
  });

  it('compares EF only with rides of the same type and similar intensity', () => {
    const mixed = [
      ...newHistory(3, {
        workoutType: 'endurance',
        intensityFactor: 0.71,
        normalizedPower: 180,
        averageHeartrate: 150,
      }),
      ...newHistory(3, {
        workoutType: 'race',
        intensityFactor: 0.95,
        normalizedPower: 260,
        averageHeartrate: 160,
      }),
    ];
    const { comparisons } = buildRideFacts(newInput({}, { history: mixed }), NOW);
    expect(comparisons.efficiency).toMatchObject({ similarRides: 3, medianEfficiencyFactor: 1.2 });
  });

  it('keys every number with its unit, shares with the value they are a share of', () => {
    const facts = rideFeedbackNumberFacts(newInput({ averageHeartrate: 138, maxHeartrate: 190 }), NOW);
    const peak = facts.numbers.find((f) => f.path === 'heartRate.maxPctOfThresholdHr');
    expect(peak).toMatchObject({ unit: '%', base: 'threshold-hr', of: 190 });
    expect(peak!.value).toBeCloseTo((190 / 168) * 100, 6);
    expect(facts.numbers.find((f) => f.path === 'power.ftpW')).toMatchObject({
      value: 270,
      unit: 'W',
      ftp: true,
    });
    expect(facts.numbers.find((f) => f.path === 'ride.movingSeconds')).toMatchObject({ unit: 'duration' });
    expect(facts.ftpIntensity).toContainEqual({ ftpW: 270, intensityFactor: 189 / 270 });
    expect(numberFactsOf({ a: { bName: 'x', speedMph: 1 }, name: 'Loop 5', day: '2025-06-01' })).toEqual({
      numbers: [{ value: 1, unit: 'mph', path: 'a.speedMph' }],
      dates: ['2025-06-01'],
      names: ['Loop 5'],
      ftpIntensity: [],
    });
  });
});
