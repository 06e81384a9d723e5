import type { PlannedWorkoutDto } from '@domestique/proto';
import { complianceOf, matchDay } from '../compliance.js';
import type { ComplianceRide } from '../types.js';
import { instantiateWorkout, workoutById } from '../workout-library.js';

const FTP = 250;
const threshold = instantiateWorkout(workoutById('threshold-3x10'), {
  date: '2026-12-01',
  byPower: true,
  reason: '',
});

/** A 1 Hz power stream holding each step's middle, with `offTarget` seconds of every step at 0 W. */
const wattsFor = (session: PlannedWorkoutDto, scale = 1, offTarget = 0): number[] =>
  session.steps.flatMap((step) => {
    const middle = ((step.targetPercentFtp![0] + step.targetPercentFtp![1]) / 200) * FTP * scale;
    return Array.from({ length: step.durationS }, (_, second) => (second < offTarget ? 0 : middle));
  });

const ride = (overrides: Partial<ComplianceRide>): ComplianceRide => ({
  id: 'r1',
  name: 'Morning ride',
  date: '2026-12-01',
  durationS: threshold.durationS,
  load: threshold.plannedLoad,
  watts: null,
  heartrate: null,
  ...overrides,
});

describe('complianceOf', () => {
  it('scores a session ridden as planned: done, all the time in target', () => {
    const result = complianceOf(threshold, ride({ watts: wattsFor(threshold) }), { ftp: FTP, lthr: null });
    expect(result).toMatchObject({
      durationRatio: 1,
      loadRatio: 1,
      timeInTargetRatio: 1,
      score: 100,
      verdict: 'done',
    });
    expect(result.summary).toBe(
      `1 h 05 of the planned 1 h 05 (100%) for ${threshold.plannedLoad} of ${threshold.plannedLoad} TSS (100%), 100% of the time in the target ranges: done as planned.`,
    );
  });

  it('counts the seconds off target', () => {
    // 60 s of each of the 7 steps at 0 W: 420 of 3900 s off target
    const result = complianceOf(threshold, ride({ watts: wattsFor(threshold, 1, 60) }), {
      ftp: FTP,
      lthr: null,
    });
    expect(threshold.steps).toHaveLength(7);
    expect(result.timeInTargetRatio).toBeCloseTo(1 - 420 / 3900, 2);
  });

  it('calls a short, easy ride partial and a long hard one harder', () => {
    const partial = complianceOf(
      threshold,
      ride({ durationS: 1800, load: 30, watts: wattsFor(threshold, 0.7).slice(0, 1800) }),
      { ftp: FTP, lthr: null },
    );
    expect(partial.verdict).toBe('partial');
    expect(partial.durationRatio).toBeCloseTo(0.46, 2);
    expect(partial.score).toBeLessThan(60);
    const harder = complianceOf(threshold, ride({ durationS: 5400, load: 110 }), { ftp: FTP, lthr: null });
    expect(harder.verdict).toBe('harder');
    expect(harder.timeInTargetRatio).toBeNull();
    expect(harder.summary).toMatch(
      /1 h 30 of the planned 1 h 05 \(138%\) for 110 of \d+ TSS \(\d+%\): harder than planned\./,
    );
  });

  it('uses heart rate against the threshold heart rate without power', () => {
    const hrSession = instantiateWorkout(workoutById('endurance-steady'), {
      date: '2026-12-01',
      byPower: false,
      durationS: 3600,
      reason: '',
    });
    // steps: 10 min warm-up and 45 min endurance in zone 2 (138-153 bpm of 170), 5 min cool-down in zone 1
    const heartrate = [...Array<number>(1200).fill(120), ...Array<number>(2400).fill(145)];
    const result = complianceOf(hrSession, ride({ durationS: 3600, load: null, heartrate }), {
      ftp: null,
      lthr: 170,
    });
    // in target from minute 20 to the cool-down at minute 55
    expect(result.timeInTargetRatio).toBeCloseTo(2100 / 3600, 2);
    expect(result.loadRatio).toBe(1);
    expect(result.summary).toMatch(/load estimated from the duration/);
  });

  it('bases the load ratio on duration when the session has no load', () => {
    const empty = { ...threshold, plannedLoad: 0 };
    expect(
      complianceOf(empty, ride({ durationS: threshold.durationS / 2, load: 40 }), { ftp: FTP, lthr: null })
        .loadRatio,
    ).toBe(0.5);
  });
});

describe('matchDay', () => {
  it('pairs each session with its closest ride, each used once', () => {
    const easy = {
      ...instantiateWorkout(workoutById('recovery-45'), { date: '2026-12-01', byPower: true, reason: '' }),
      key: 'easy',
    };
    const hard = { ...threshold, key: 'hard' };
    const rides = [
      ride({ id: 'long', durationS: 3900, load: 70 }),
      ride({ id: 'spin', durationS: 2700, load: 20 }),
      ride({ id: 'extra', durationS: 600, load: 5 }),
    ];
    const pairs = matchDay([easy, hard], rides);
    expect(pairs.map((pair) => [pair.session.key, pair.ride.id])).toEqual([
      ['easy', 'spin'],
      ['hard', 'long'],
    ]);
    expect(matchDay([hard], [])).toEqual([]);
  });
});
