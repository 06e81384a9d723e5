import { checkNumbers } from '../../facts/number-check.js';
import { rideFeedbackNumberFacts } from '../../facts/number-facts.js';
import { analyseRide } from '../coach-engine.js';
import type { RideAnalysisInput } from '../ride-analysis-input.js';
import { localDayOf } from '../ride-reading.js';
import { AS_OF, newGoal, newHistory, newInput, newWorkout, withoutHeartRate } from './ride-input.factory.js';

/** Each cause of a wrong or misplaced number or of advice that did not fit the ride (issue 17), fixed. */

const textOf = (input: RideAnalysisInput) => Object.values(analyseRide(input)).join('\n');

describe('the coach tells the truth', () => {
  describe('goals', () => {
    it('does not count a ride older than the goal toward it, and counts days left from today', () => {
      const goal = newGoal({ startDate: '2025-06-01', targetDate: '2025-07-19', daysLeft: 35 });
      const input = newInput({ startDate: '2025-04-20T07:30:00Z' }, { goals: [goal] });
      const text = textOf(input);
      expect(text).not.toMatch(/This ride adds/);
      expect(text).toMatch(/Goal "Ride 500 miles this summer": 180 of 500 mi \(36%\), due Jul 19, 2025\./);
      expect(text).toMatch(/With 35 days left you need about 64\.00 mi a week/);
      expect(text).not.toMatch(/\b90 days left/); // what the ride's own date would give
    });

    it('counts a ride on or after the goal start toward it', () => {
      const text = textOf(newInput({}, { goals: [newGoal({ startDate: '2025-06-14' })] }));
      expect(text).toMatch(/This ride adds 38\.53 mi toward "Ride 500 miles this summer"/);
    });
  });

  it('puts each heart-rate share next to the value it is a share of', () => {
    const text = textOf(newInput({ averageHeartrate: 138, maxHeartrate: 190 }));
    // 138 / 168 = 82%, 190 / 168 = 113%
    expect(text).toMatch(
      /averaged 138 bpm \(82% of your threshold heart rate\) and peaked at 190 bpm \(113% of your threshold heart rate\)/,
    );
  });

  it('takes kJ from the sum of recorded power, never moving time x average power, and calls kcal an estimate', () => {
    const text = textOf(newInput({ kilojoules: 1410 }));
    expect(text).toMatch(/You did 1410 kJ of work/);
    expect(text).toMatch(/an estimated 1404 kcal/);
    expect(text).not.toMatch(/1388 kJ/); // 178 W x 2h 10m
    expect(textOf(newInput({ kilojoules: null }))).not.toMatch(/kJ/);
  });

  it('states the FTP the IF was measured against, and rounds IF as the card does', () => {
    const input = newInput({ ftpWatts: 250, normalizedPower: 246.75, intensityFactor: 0.987 });
    const text = textOf(input);
    expect(text).toMatch(
      /Against an FTP of 250 W, the FTP this ride was measured against, that is an intensity factor of 0\.99/,
    );
    expect(text).toMatch(/IF 0\.99/);
    expect(text).not.toMatch(/FTP of 270 W/);
    // prescriptions come from the same 250 W
    const [, low, high, lowPct, highPct] = /at (\d+)-(\d+) W \((\d+)-(\d+)% of FTP\)/.exec(text)!.map(Number);
    expect([low, high]).toEqual([Math.round(2.5 * lowPct!), Math.round(2.5 * highPct!)]);
  });

  it('names where an estimated FTP comes from, and its words pass the check', () => {
    const input = newInput(
      {},
      {
        rider: { ftpSource: 'estimated', ftpDescription: 'estimated from your 20-minute best on 3 Sep' },
      },
    );
    const text = textOf(input);
    expect(text).toMatch(/Against an FTP of 270 W, estimated from your 20-minute best on 3 Sep, that is/);
    const now = new Date(AS_OF);
    expect(checkNumbers(text, rideFeedbackNumberFacts(input, now)).wrong).toEqual([]);
  });

  it('leaves out window counts when the 20 rides it was given do not reach back four weeks', () => {
    const crowded = newHistory(20, { everyDays: 1, intensityFactor: 0.9 });
    const text = textOf(
      newInput({ workout: newWorkout('threshold', [[2, 1200, 300, 100]]) }, { history: crowded }),
    );
    expect(text).not.toMatch(/hard sessions in four weeks|in the last four weeks|weekly average/);
  });

  describe('advice that fits the session', () => {
    it('gives no decoupling or VI advice after interval sessions or races', () => {
      for (const workout of [newWorkout('vo2max', [[5, 300, 300, 115]]), newWorkout('race')]) {
        const text = textOf(newInput({ workout, aerobicDecouplingPct: 9.5, variabilityIndex: 1.2 }));
        expect(text).not.toMatch(/decoupling|drift|VI under|smooth out the surges/i);
      }
    });

    it('speaks of decoupling only on steady rides of at least 45 minutes', () => {
      const short = textOf(
        newInput({ movingTimeS: 40 * 60, elapsedTimeS: 41 * 60, aerobicDecouplingPct: 9 }),
      );
      expect(short).not.toMatch(/\d% aerobic decoupling|drifted/i);
      const oneMinute = textOf(newInput({ movingTimeS: 60, elapsedTimeS: 60, aerobicDecouplingPct: 38.68 }));
      expect(oneMinute).not.toMatch(/38\.68|\d% aerobic decoupling|efficiency factor \d/i);
      expect(textOf(newInput({ workout: null, aerobicDecouplingPct: 9 }))).not.toMatch(
        /\d% aerobic decoupling|drifted/i,
      );
      expect(textOf(newInput({ aerobicDecouplingPct: 9 }))).toMatch(
        /9\.00% aerobic decoupling|drifted 9\.00%/,
      );
    });

    it('compares EF only with earlier rides of the same type and similar intensity', () => {
      const races = newHistory(6, { workoutType: 'race', intensityFactor: 0.95, normalizedPower: 260 });
      const easy = newInput({ efficiencyFactor: 1.2, intensityFactor: 0.7 }, { history: races });
      expect(textOf(easy)).not.toMatch(/fatigue, heat or a cold|usual \d\.\d\d on/);
      const sameKind = newHistory(6, { workoutType: 'endurance', intensityFactor: 0.72 });
      expect(
        textOf(newInput({ efficiencyFactor: 1.2, intensityFactor: 0.7 }, { history: sameKind })),
      ).toMatch(/on 6 earlier endurance rides of similar intensity/);
    });

    it('says nothing about hills on an e-bike ride', () => {
      const hilly = { distanceM: 40_000, elevationGainM: 1_500, averageSpeedMps: 40_000 / 7800 };
      expect(textOf(newInput(hilly))).toMatch(/hill work|hilly route/);
      const eBike = textOf(
        newInput({
          ...hilly,
          sportType: 'EBikeRide',
          workout: newWorkout('endurance', [], { contexts: ['e-bike'] }),
        }),
      );
      expect(eBike).not.toMatch(/hill work|hilly route|Most climbing/);
      expect(eBike).toMatch(/e-bike/);
    });

    it('gives no heart-rate targets without heart-rate data', () => {
      const text = textOf(newInput({ ...withoutHeartRate, averageWatts: null, deviceWatts: false }, {}));
      expect(text).not.toMatch(/bpm/);
    });

    it('points "set your FTP" to the profile setting', () => {
      const text = textOf(
        newInput({ ftpWatts: null, intensityFactor: null, tss: null }, { rider: { ftpWatts: null } }),
      );
      expect(text).toMatch(/Set your FTP in Profile & Settings/);
    });
  });

  it('passes the number validator on each of these rides', () => {
    const now = new Date(AS_OF);
    const inputs = [
      newInput({ ftpWatts: 250, normalizedPower: 246.75, intensityFactor: 0.987 }),
      newInput({ startDate: '2025-04-20T07:30:00Z' }, { goals: [newGoal({ startDate: '2025-06-01' })] }),
      newInput({
        workout: newWorkout('vo2max', [
          [12, 30, 30, 145],
          [1, 1200, null, 80],
        ]),
      }),
    ];
    for (const input of inputs) {
      const check = checkNumbers(
        Object.values(analyseRide(input, now)).join('\n'),
        rideFeedbackNumberFacts(input, now),
      );
      expect(check.wrong).toEqual([]);
      expect(check.checked).toBeGreaterThan(20);
    }
  });
});

describe('localDayOf', () => {
  it('reads the day the ride was ridden where it was ridden', () => {
    // 00:30 in Paris (UTC+2) is still the evening before in UTC
    expect(localDayOf({ startDate: '2025-05-31T22:30:00Z', startLocalTime: '00:30' })).toBe('2025-06-01');
    // 19:00 in Los Angeles (UTC-7) is already the next day in UTC
    expect(localDayOf({ startDate: '2025-06-02T02:00:00Z', startLocalTime: '19:00' })).toBe('2025-06-01');
    expect(localDayOf({ startDate: '2025-06-01T10:00:00Z', startLocalTime: null })).toBe('2025-06-01');
  });
});
