import { describe, expect, it } from '@jest/globals';
import type { Series } from '../../series.js';
import { readWorkout, type WorkoutReadingInput } from '../read-workout.js';

const FTP = 250;
const LTHR = 170;

/** Deterministic noise: a small LCG, so every run reads the same rides. */
const noise = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296 - 0.5;
  };
};

/** A 1 Hz power series from [seconds, fraction of FTP] parts, with +-`jitter` noise per second. */
const power = (parts: [number, number][], jitter = 0.08, seed = 1): Float64Array => {
  const next = noise(seed);
  const values: number[] = [];
  for (const [seconds, fraction] of parts)
    for (let i = 0; i < seconds; i += 1) values.push(Math.max(0, FTP * fraction * (1 + jitter * 2 * next())));
  return Float64Array.from(values);
};

const series = (watts: Float64Array | null, heartrate: Float64Array | null = null): Series => ({
  length: (watts ?? heartrate)!.length,
  watts,
  heartrate,
  cadence: null,
});

const input = (overrides: Partial<WorkoutReadingInput> = {}): WorkoutReadingInput => ({
  ftp: FTP,
  lthr: LTHR,
  maxHeartrate: 190,
  deviceWatts: true,
  sportType: 'Ride',
  commute: false,
  indoor: false,
  movingTimeS: 3600,
  ...overrides,
});

const repeat = (times: number, work: [number, number][], rest: [number, number] | null): [number, number][] =>
  Array.from({ length: times }, (_, k) => [...work, ...(rest && k < times - 1 ? [rest] : [])]).flat();
const session = (main: [number, number][]): [number, number][] => [[900, 0.6], ...main, [600, 0.5]];
const read = (parts: [number, number][], overrides: Partial<WorkoutReadingInput> = {}) => {
  const watts = power(parts);
  return readWorkout(series(watts), input({ movingTimeS: watts.length, ...overrides }));
};

describe('readWorkout: structured sessions from power', () => {
  it.each([
    [
      '30/30s',
      repeat(12, [[30, 1.5]], [30, 0.5]),
      'vo2max',
      12,
      30,
      '12 x 30 s at 150% of FTP with 30 s easy',
    ],
    [
      '4x8 threshold',
      repeat(4, [[480, 1.01]], [240, 0.5]),
      'threshold',
      4,
      480,
      '4 x 8 min at 101% of FTP with 4 min easy',
    ],
    [
      '2x20 at FTP',
      repeat(2, [[1200, 0.98]], [420, 0.5]),
      'threshold',
      2,
      1200,
      '2 x 20 min at 98% of FTP with 7 min easy',
    ],
    [
      'VO2 5x5',
      repeat(5, [[300, 1.15]], [300, 0.5]),
      'vo2max',
      5,
      300,
      '5 x 5 min at 115% of FTP with 5 min easy',
    ],
    [
      'sweet spot 3x15',
      repeat(3, [[900, 0.9]], [300, 0.5]),
      'sweet-spot',
      3,
      900,
      '3 x 15 min at 90% of FTP with 5 min easy',
    ],
    [
      '10x1 min at 140%',
      repeat(10, [[60, 1.4]], [60, 0.5]),
      'vo2max',
      10,
      60,
      '10 x 1 min at 140% of FTP with 1 min easy',
    ],
    [
      'sprints 8x15 s',
      repeat(8, [[15, 2.3]], [285, 0.5]),
      'anaerobic',
      8,
      15,
      '8 x 15 s at 230% of FTP with 4 min 45 s easy',
    ],
    [
      'tempo 3x12',
      repeat(3, [[720, 0.8]], [240, 0.5]),
      'tempo',
      3,
      720,
      /^3 x 12 min at 80% of FTP with 4 min( 15 s)? easy$/,
    ],
  ] as const)('%s', (_name, main, type, repeats, seconds, structure) => {
    const workout = read(session([...main] as [number, number][]));
    expect(workout.type).toBe(type);
    expect(workout.basis).toBe('power');
    expect(workout.steady).toBe(false);
    if (typeof structure === 'string') expect(workout.structure).toBe(structure);
    else expect(workout.structure).toMatch(structure);
    expect(workout.intervals).toHaveLength(repeats);
    for (const interval of workout.intervals) {
      expect(Math.abs(interval.durationSeconds - seconds)).toBeLessThanOrEqual(0.1 * seconds);
      expect(interval.averagePower).toBeGreaterThan(0);
    }
    // the first bout starts where the set starts, after the 15-minute warm-up
    expect(Math.abs(workout.intervals[0]!.startSeconds - 900)).toBeLessThanOrEqual(3);
    expect(workout.sets).toEqual([expect.objectContaining({ repeats, firstInterval: 0 })]);
    expect(workout.intervals[repeats - 1]!.recoverySeconds).toBeNull();
  });

  it('reads an over-under block as one threshold bout', () => {
    const block: [number, number][] = repeat(
      3,
      [
        [120, 0.93],
        [60, 1.07],
      ],
      null,
    );
    const workout = read(session(repeat(3, block, [300, 0.5])));
    expect(workout.type).toBe('threshold');
    expect(workout.intervals).toHaveLength(3);
    for (const interval of workout.intervals) {
      expect(Math.abs(interval.durationSeconds - 540)).toBeLessThanOrEqual(54);
      expect(interval.percentOfFtp).toBeGreaterThanOrEqual(96);
      expect(interval.percentOfFtp).toBeLessThanOrEqual(100);
    }
    expect(workout.sets[0]!.recoverySeconds).toBeGreaterThanOrEqual(290);
  });

  it('keeps reading the set through dropouts and power spikes in the warm-up', () => {
    const watts = power(session(repeat(4, [[480, 1.01]], [240, 0.5])));
    watts.fill(0, 300, 330);
    watts[400] = 2400;
    const workout = readWorkout(series(watts), input({ movingTimeS: watts.length }));
    expect(workout.type).toBe('threshold');
    expect(workout.intervals).toHaveLength(4);
  });

  it('states watts, not %FTP, without an FTP, and reads the set relative to the ride', () => {
    const workout = read(session(repeat(4, [[480, 1.01]], [240, 0.5])), { ftp: null });
    expect(workout.intervals).toHaveLength(4);
    expect(workout.intervals[0]!.percentOfFtp).toBeNull();
    expect(workout.structure).toMatch(/^4 x 8 min at \d+ W with 4 min easy$/);
  });
});

describe('readWorkout: unstructured rides from power', () => {
  it('reads a long steady ride as endurance, steady, without intervals', () => {
    const workout = read([[7200, 0.66]], { movingTimeS: 7200 });
    expect(workout).toEqual(
      expect.objectContaining({ type: 'endurance', steady: true, intervals: [], sets: [], structure: null }),
    );
  });

  it('reads a short easy spin as recovery, a long easy one as endurance', () => {
    expect(read([[2700, 0.5]]).type).toBe('recovery');
    expect(read([[10800, 0.57]]).type).toBe('endurance');
  });

  it('reads surges at race intensity with a sprint finish as a race, fewer surges as a mixed group ride', () => {
    // surges at irregular moments (a regular rhythm would be a set of repeats)
    const surging = (gaps: number[], base: number, sprint: boolean): [number, number][] => {
      const parts: [number, number][] = [];
      for (let t = 0, k = 0; t < 5400; k += 1) {
        const gap = gaps[k % gaps.length]!;
        parts.push([gap, base], [20, 1.45]);
        t += gap + 20;
      }
      if (sprint) parts.push([20, 2.8]);
      return parts;
    };
    const race = read(surging([90, 200, 130, 60, 240, 110], 0.78, true));
    expect(race.type).toBe('race');
    expect(race.steady).toBe(false);
    expect(race.intervals).toEqual([]);
    const group = read(surging([400, 700, 350, 800, 500, 650, 300], 0.64, false));
    expect(group.type).toBe('mixed');
    expect(group.steady).toBe(false);
  });
});

describe('readWorkout: heart rate, summary and context', () => {
  const heartrate = (parts: [number, number][]) => {
    const next = noise(3);
    return Float64Array.from(
      parts.flatMap(([seconds, fraction]) =>
        Array.from({ length: seconds }, () => LTHR * fraction + 2 * next()),
      ),
    );
  };

  it('ignores watts without a power meter and reads heart rate instead', () => {
    const hr = heartrate([[5400, 0.8]]);
    const workout = readWorkout(
      series(power([[5400, 1.2]]), hr),
      input({ deviceWatts: false, movingTimeS: 5400 }),
    );
    expect(workout.basis).toBe('heart-rate');
    expect(workout.type).toBe('endurance');
    expect(workout.intervals).toEqual([]);
  });

  it('finds repeated bouts near threshold heart rate and names them in % of threshold heart rate', () => {
    const hr = heartrate([[900, 0.75], ...repeat(4, [[480, 1.0]], [240, 0.8]), [600, 0.72]]);
    const workout = readWorkout(series(null, hr), input({ movingTimeS: hr.length }));
    expect(workout.basis).toBe('heart-rate');
    expect(workout.intervals).toHaveLength(4);
    expect(workout.intervals[0]!.averagePower).toBeNull();
    expect(workout.structure).toMatch(/^4 x \d+ min( \d+ s)? at \d+% of threshold heart rate/);
    // without a threshold heart rate the bouts are stated in bpm
    const inBpm = readWorkout(
      series(null, hr),
      input({ lthr: null, maxHeartrate: 189, movingTimeS: hr.length }),
    );
    expect(inBpm.structure).toMatch(/bpm/);
  });

  it('falls back to the summary without streams, with the ride’s contexts', () => {
    const empty: Series = { length: 0, watts: null, heartrate: null, cadence: null };
    expect(readWorkout(empty, input({ sportType: 'EBikeRide', commute: true }))).toEqual({
      type: 'recovery',
      basis: 'summary',
      contexts: ['e-bike', 'commute'],
      intervals: [],
      sets: [],
      structure: null,
      steady: false,
    });
    expect(readWorkout(empty, input({ sportType: 'VirtualRide' })).contexts).toEqual(['indoor']);
    expect(readWorkout(empty, input({ indoor: true })).type).toBe('endurance');
  });
});
