import { describe, expect, it } from '@jest/globals';
import { WORKOUT_TYPES } from '@domestique/proto';
import {
  plannedTruth,
  planHistory,
  resolveAthletes,
  simulateWithTruth,
  type ActivityPlan,
} from '@domestique/simulators/strava-model';
import { toSeries } from '../../series.js';
import { readWorkout } from '../read-workout.js';

// The Strava simulator's preset athletes on a fixed day: their newest rides with a power meter, up
// to RIDES_PER_TYPE of each true type (so every type is scored, not only the common ones).
const NOW = Date.UTC(2025, 5, 18, 12, 0, 0) / 1000;
const RIDES_PER_TYPE = 8;

describe('readWorkout against the Strava simulator’s ground truth', () => {
  it('names at least 90% of the sessions right and finds their intervals within 10%', () => {
    const confusion = new Map<string, number>();
    let rides = 0;
    let right = 0;
    let structured = 0;
    let intervalsRight = 0;
    const athletes = resolveAthletes(undefined, 7);
    const histories = athletes.map((athlete) =>
      planHistory(athlete, 7, NOW)
        .filter((plan) => plan.power && !plan.manual)
        .reverse(),
    );
    const picked = new Map<string, { plan: ActivityPlan; athlete: (typeof athletes)[number] }[]>();
    // newest first, taking turns between the athletes
    for (let k = 0; k < Math.max(...histories.map((h) => h.length)); k += 1)
      histories.forEach((history, a) => {
        const plan = history[k];
        if (!plan) return;
        const type = plannedTruth(plan)!.type;
        const list = picked.get(type) ?? [];
        if (list.length < RIDES_PER_TYPE) picked.set(type, [...list, { plan, athlete: athletes[a]! }]);
      });
    for (const { plan, athlete } of [...picked.values()].flat()) {
      {
        const { simulation, truth } = simulateWithTruth(plan, athlete)!;
        const { streams } = simulation;
        const n = streams.length;
        const series = toSeries({
          time: streams.time.subarray(0, n),
          watts: streams.watts!.subarray(0, n),
          heartrate: streams.heartrate?.subarray(0, n) ?? null,
          cadence: streams.cadence?.subarray(0, n) ?? null,
        });
        const workout = readWorkout(series, {
          ftp: athlete.ftp,
          lthr: null,
          maxHeartrate: athlete.maxHeartrate,
          deviceWatts: true,
          sportType: plan.sportType,
          commute: plan.commute,
          indoor: plan.trainer,
          movingTimeS: plan.movingSeconds,
        });
        rides += 1;
        const key = `${truth!.type} -> ${workout.type}`;
        confusion.set(key, (confusion.get(key) ?? 0) + 1);
        if (workout.type === truth!.type) right += 1;
        if (truth!.intervals.length === 0) continue;
        structured += 1;
        // the count within 10%, and 90% of the true bouts found (overlapping) with a duration within 10%
        const found = workout.intervals;
        const within = (a: number, b: number) => Math.abs(a - b) <= 0.1 * b;
        const matched = truth!.intervals.filter((interval) =>
          found.some(
            (bout) =>
              bout.startSeconds < interval.startSecond + interval.durationSeconds &&
              interval.startSecond < bout.startSeconds + bout.durationSeconds &&
              within(bout.durationSeconds, interval.durationSeconds),
          ),
        );
        if (within(found.length, truth!.intervals.length) && matched.length >= 0.9 * truth!.intervals.length)
          intervalsRight += 1;
      }
    }
    // the confusion table, for whoever tunes the reader
    // eslint-disable-next-line no-console
    console.log(
      `workout types: ${right}/${rides} right; intervals: ${intervalsRight}/${structured} within 10%\n` +
        [...confusion.entries()]
          .sort()
          .map(([pair, count]) => `  ${pair}: ${count}`)
          .join('\n'),
    );
    expect(rides).toBeGreaterThanOrEqual(60);
    // every type the simulator rides is in the sample
    expect([...picked.keys()].sort()).toEqual([...WORKOUT_TYPES].sort());
    expect(structured).toBeGreaterThanOrEqual(10);
    expect(right / rides).toBeGreaterThanOrEqual(0.9);
    expect(intervalsRight / structured).toBeGreaterThanOrEqual(0.9);
  });
});
