import { describe, expect, it } from '@jest/globals';
import { ActivityStore, type StoredActivity } from '../activity-store.js';
import { resolveAthletes } from '../athletes.js';
import { CYCLING_SPORT_TYPES, WORKOUTS } from '../planner.js';
import { streamValues, type ActivityStreams } from '../ride-model.js';
import { detailedActivity, summaryActivity } from '../resources.js';

// A fixed "now" (a Wednesday in June) so the history is the same on every run.
const NOW = Date.UTC(2025, 5, 18, 12, 0, 0) / 1000;
const DAY = 86_400;
const store = new ActivityStore(resolveAthletes(undefined, 7), 7, NOW);
const cycling = (a: StoredActivity) => (CYCLING_SPORT_TYPES as readonly string[]).includes(a.sportType);

/** Independent recomputations from the raw stream values (not the simulator's summary code). */
const values = (streams: ActivityStreams, type: Parameters<typeof streamValues>[1]) =>
  streamValues(streams, type) as number[];
const movingMask = (streams: ActivityStreams) =>
  (streamValues(streams, 'moving') as boolean[]).map((m, i) => m && i > 0);
const average = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const normalized = (watts: number[]) => {
  const rolling: number[] = [];
  for (let i = 29; i < watts.length; i += 1) rolling.push(average(watts.slice(i - 29, i + 1)));
  return average(rolling.map((w) => w ** 4)) ** 0.25;
};
/** Pw:HR decoupling in percent: efficiency (W per beat) of the first half against the second half. */
const decoupling = (watts: number[], hr: number[]) => {
  const half = Math.floor(watts.length / 2);
  const ef = (from: number, to: number) => average(watts.slice(from, to)) / average(hr.slice(from, to));
  return ((ef(0, half) - ef(half, watts.length)) / ef(0, half)) * 100;
};

describe('demo athletes', () => {
  it('are four by default with Demo Rider first, each with an FTP, a max heart rate and 6-18 months of history', () => {
    expect(store.athletes.map((a) => `${a.firstname} ${a.lastname}`)).toEqual([
      'Demo Rider',
      'Alex Moreno',
      'Sam Okafor',
      'Jordan Lee',
    ]);
    for (const athlete of store.athletes) {
      expect(athlete.ftp).toBeGreaterThanOrEqual(150);
      expect(athlete.maxHeartrate).toBeGreaterThan(athlete.restingHeartrate + 100);
      const all = store.all(athlete.id);
      expect(all.length).toBeGreaterThan(100);
      const months = (NOW - all[0]!.plan.start) / (30.44 * DAY);
      expect(months).toBeGreaterThan(5.5);
      expect(months).toBeLessThan(18.5);
      // nothing in the future, the newest is recent (yesterday or the day before)
      const newest = all[all.length - 1]!.plan.start;
      expect(newest).toBeLessThan(NOW);
      expect(NOW - newest).toBeLessThan(3 * DAY);
    }
  });

  it('ride varied, realistic histories: every cycling sport type, workouts, commutes, runs and walks', () => {
    for (const athlete of store.athletes) {
      const all = store.all(athlete.id);
      const sports = new Set(all.map((a) => a.sportType));
      for (const sport of [...CYCLING_SPORT_TYPES, 'Run', 'Walk']) expect(sports).toContain(sport);
      const workouts = new Set(all.map((a) => a.plan.workout));
      for (const workout of ['endurance', 'long', 'intervals', 'climbing', 'race', 'commute'])
        expect(workouts).toContain(workout);
      const rides = all.filter(cycling);
      // sensors: rides without a power meter, without heart rate; private and manual entries
      expect(rides.some((a) => !a.plan.power && !a.plan.trainer && !a.plan.manual)).toBe(true);
      expect(rides.some((a) => !a.plan.heartRate && !a.plan.manual)).toBe(true);
      expect(rides.some((a) => a.visibility === 'only_me')).toBe(true);
      expect(rides.some((a) => a.plan.manual)).toBe(true);
      expect(rides.every((a) => a.sportType !== 'VirtualRide' || (a.plan.trainer && a.plan.power))).toBe(
        true,
      );
      // non-cycling activities stay a small minority
      expect(all.length - rides.length).toBeLessThan(all.length * 0.15);
    }
    const everyWorkout = new Set(store.athletes.flatMap((a) => store.all(a.id).map((x) => x.plan.workout)));
    expect([...everyWorkout].sort()).toEqual([...WORKOUTS].sort());
    // each athlete rides in their own way
    const share = (id: number, fits: (a: StoredActivity) => boolean) =>
      store.all(id).filter(fits).length / store.all(id).length;
    expect(share(1000003, (a) => a.plan.commute)).toBeGreaterThan(0.5);
    expect(share(1000001, (a) => a.plan.commute)).toBeLessThan(0.3);
    expect(share(1000002, (a) => a.plan.workout === 'climbing')).toBeGreaterThan(
      share(1000003, (a) => a.plan.workout === 'climbing'),
    );
    expect(share(1000004, (a) => a.sportType === 'VirtualRide')).toBeGreaterThan(
      share(1000002, (a) => a.sportType === 'VirtualRide'),
    );
  });

  it('answers each activity in Strava’s shape, with the fields a client reads', () => {
    const ride = store.all(1000001).find((a) => a.plan.power && a.plan.heartRate && !a.plan.trainer)!;
    const json = detailedActivity(ride, store.statsOf(ride));
    for (const field of [
      'id',
      'name',
      'sport_type',
      'type',
      'start_date',
      'start_date_local',
      'timezone',
      'utc_offset',
      'distance',
      'moving_time',
      'elapsed_time',
      'total_elevation_gain',
      'average_speed',
      'max_speed',
      'average_watts',
      'weighted_average_watts',
      'device_watts',
      'kilojoules',
      'has_heartrate',
      'average_heartrate',
      'max_heartrate',
      'average_cadence',
      'trainer',
      'commute',
      'manual',
      'private',
      'visibility',
      'calories',
      'device_name',
    ])
      expect(json).toHaveProperty(field);
    expect(json.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(json.timezone).toBe('(GMT-07:00) America/Denver');
    // local time = UTC + offset (Denver is -6 h in summer, -7 h in winter)
    expect([-21600, -25200]).toContain(json.utc_offset);
    expect(Date.parse(json.start_date_local as string) - Date.parse(json.start_date as string)).toBe(
      (json.utc_offset as number) * 1000,
    );
    const noMeter = store
      .all(1000001)
      .find((a) => cycling(a) && !a.plan.power && !a.plan.manual && a.sportType !== 'EBikeRide')!;
    const estimated = summaryActivity(noMeter, store.statsOf(noMeter));
    expect(estimated.device_watts).toBe(false);
    expect(estimated.average_watts).toBeGreaterThan(40);
    expect(estimated).not.toHaveProperty('weighted_average_watts');
    const run = store.all(1000001).find((a) => a.sportType === 'Run')!;
    const runJson = summaryActivity(run, store.statsOf(run));
    expect(runJson).not.toHaveProperty('average_watts');
    expect(runJson.type).toBe('Run');
  });

  it('keeps summaries consistent with the 1 Hz streams, for many activities of every kind', () => {
    let checked = 0;
    for (const athlete of store.athletes) {
      const all = store.all(athlete.id).filter((a) => !a.plan.manual);
      for (let i = 0; i < all.length; i += 9) {
        const activity = all[i]!;
        const stats = store.statsOf(activity);
        const { streams } = store.simulation(activity)!;
        const time = values(streams, 'time');
        const distance = values(streams, 'distance');
        const altitude = values(streams, 'altitude');
        const speed = values(streams, 'velocity_smooth');
        const moving = movingMask(streams);
        // 1 Hz, every stream the same length
        expect(time.every((t, k) => t === k)).toBe(true);
        for (const type of ['distance', 'altitude', 'velocity_smooth', 'moving', 'grade_smooth'] as const)
          expect(streamValues(streams, type)!.length).toBe(time.length);
        const movingTime = moving.filter(Boolean).length;
        expect(stats.movingTime).toBe(movingTime);
        expect(stats.movingTime).toBe(activity.plan.movingSeconds);
        expect(stats.elapsedTime).toBe(time[time.length - 1]);
        expect(stats.elapsedTime).toBeGreaterThanOrEqual(stats.movingTime);
        expect(stats.distance).toBe(distance[distance.length - 1]);
        expect(distance.every((d, k) => k === 0 || d >= distance[k - 1]!)).toBe(true);
        const gain = altitude.reduce((sum, a, k) => sum + (k > 0 ? Math.max(0, a - altitude[k - 1]!) : 0), 0);
        expect(stats.totalElevationGain).toBeCloseTo(gain, 0);
        expect(stats.averageSpeed).toBeCloseTo(stats.distance / movingTime, 2);
        expect(stats.maxSpeed).toBe(Math.max(...speed));
        // integrating the speed stream gives the distance
        const integrated = speed.reduce((sum, v, k) => sum + (k > 0 ? (v + speed[k - 1]!) / 2 : 0), 0);
        expect(Math.abs(integrated - stats.distance)).toBeLessThan(stats.distance * 0.005 + 5);
        const movingOnly = (xs: number[]) => xs.filter((_, k) => moving[k]);
        const watts = streamValues(streams, 'watts') as number[] | null;
        expect(Boolean(watts)).toBe(activity.plan.power);
        if (watts) {
          expect(stats.deviceWatts).toBe(true);
          expect(stats.averageWatts!).toBeCloseTo(average(movingOnly(watts)), 0);
          expect(Math.abs(stats.weightedAverageWatts! - normalized(movingOnly(watts)))).toBeLessThanOrEqual(
            1,
          );
          expect(stats.kilojoules!).toBeCloseTo(watts.reduce((s, w) => s + w, 0) / 1000, 0);
          expect(stats.maxWatts).toBe(Math.max(...watts));
          expect(stats.weightedAverageWatts!).toBeGreaterThanOrEqual(stats.averageWatts! - 1);
        }
        const hr = streamValues(streams, 'heartrate') as number[] | null;
        expect(Boolean(hr)).toBe(activity.plan.heartRate);
        if (hr) {
          expect(stats.averageHeartrate!).toBeCloseTo(average(movingOnly(hr)), 0);
          expect(stats.maxHeartrate).toBe(Math.max(...hr));
          expect(Math.max(...hr)).toBeLessThanOrEqual(athlete.maxHeartrate);
          expect(Math.min(...hr)).toBeGreaterThanOrEqual(athlete.restingHeartrate);
        }
        const cadence = streamValues(streams, 'cadence') as number[] | null;
        if (cadence)
          expect(stats.averageCadence!).toBeCloseTo(average(movingOnly(cadence).filter((c) => c > 0)), 0);
        const latlng = streamValues(streams, 'latlng') as [number, number][] | null;
        expect(Boolean(latlng)).toBe(!activity.plan.trainer);
        if (latlng) {
          expect(stats.startLatlng).toEqual(latlng[0]);
          // starts near home: within ~1 km
          expect(Math.abs(latlng[0]![0] - athlete.latitude)).toBeLessThan(0.01);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('is physiologically plausible: intensity by workout, speeds by sport, heart rate drift on long rides', () => {
    const byWorkout = new Map<string, number[]>();
    const decouplings: number[] = [];
    const hard = { intervals: [] as number[], endurance: [] as number[] };
    for (const athlete of store.athletes) {
      for (const activity of store.all(athlete.id).filter((a) => !a.plan.manual)) {
        const { plan } = activity;
        // every long ride (for the drift), every other one of the rest, a third of the commutes
        if (plan.workout !== 'long' && plan.id % (plan.workout === 'commute' ? 3 : 2) !== 0) continue;
        const stats = store.statsOf(activity);
        const kph = stats.averageSpeed * 3.6;
        const speedRange: Record<string, [number, number]> = {
          Ride: [15, 42],
          VirtualRide: [17, 45],
          GravelRide: [14, 34],
          MountainBikeRide: [8, 28],
          EBikeRide: [15, 30],
          Run: [6, 16],
          Walk: [3.5, 6.5],
        };
        const [slow, fast] = speedRange[activity.sportType]!;
        expect(kph).toBeGreaterThan(slow);
        expect(kph).toBeLessThan(fast);
        if (!plan.power) continue;
        const intensity = stats.weightedAverageWatts! / athlete.ftp;
        byWorkout.set(plan.workout, [...(byWorkout.get(plan.workout) ?? []), intensity]);
        expect(intensity).toBeGreaterThan(0.35);
        expect(intensity).toBeLessThan(1.15);
        const { streams } = store.simulation(activity)!;
        const moving = movingMask(streams);
        const watts = values(streams, 'watts').filter((_, k) => moving[k]);
        if (plan.workout === 'intervals' || plan.workout === 'endurance') {
          hard[plan.workout].push(watts.filter((w) => w >= 0.88 * athlete.ftp).length / watts.length);
        }
        if (plan.workout === 'long' && plan.heartRate) {
          const hr = values(streams, 'heartrate').filter((_, k) => moving[k]);
          decouplings.push(decoupling(watts, hr));
        }
      }
    }
    const mean = (workout: string) => average(byWorkout.get(workout)!);
    expect(mean('recovery')).toBeLessThan(mean('endurance'));
    expect(mean('endurance')).toBeLessThan(mean('intervals'));
    expect(mean('endurance')).toBeLessThan(mean('race'));
    expect(mean('race')).toBeGreaterThan(0.75);
    // intervals spend far more time at threshold and above than endurance rides
    expect(average(hard.intervals)).toBeGreaterThan(3 * average(hard.endurance));
    expect(average(hard.endurance)).toBeLessThan(0.12);
    // long rides drift (positive decoupling), by different amounts
    expect(decouplings.length).toBeGreaterThan(10);
    expect(average(decouplings)).toBeGreaterThan(1);
    expect(Math.max(...decouplings) - Math.min(...decouplings)).toBeGreaterThan(2);
  });

  it('is deterministic: the same seed and day give the same data; another seed gives other data', () => {
    const again = new ActivityStore(resolveAthletes(undefined, 7), 7, NOW + 3600);
    const other = new ActivityStore(resolveAthletes(undefined, 8), 8, NOW);
    const pick = (s: ActivityStore) => s.all(1000001).slice(-25);
    const picked = pick(store);
    expect(pick(again).map((a) => a.plan)).toEqual(picked.map((a) => a.plan));
    const repeated = pick(again);
    for (let k = 0; k < repeated.length; k += 5) {
      const activity = repeated[k]!;
      expect(summaryActivity(activity, again.statsOf(activity))).toEqual(
        summaryActivity(picked[k]!, store.statsOf(picked[k]!)),
      );
      expect(streamValues(again.simulation(activity)!.streams, 'watts')).toEqual(
        streamValues(store.simulation(picked[k]!)!.streams, 'watts'),
      );
    }
    expect(pick(other).map((a) => a.plan.start)).not.toEqual(picked.map((a) => a.plan.start));
  });

  it('plans an athlete with exactly 2,000 activities quickly (the benchmark athlete)', () => {
    // CPU time, not wall time: the machine may be busy with other work
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const started = process.cpuUsage();
    const big = new ActivityStore(resolveAthletes([{ activities: 2000 }], 3), 3, NOW);
    expect(cpuMs(started)).toBeLessThan(5000);
    const all = big.all(1000001);
    expect(all).toHaveLength(2000);
    expect(new Set(all.map((a) => a.plan.id)).size).toBe(2000);
    expect(all.every((a, k) => k === 0 || a.plan.start > all[k - 1]!.plan.start)).toBe(true);
    // summaries are computed on demand: a page of 200 does not take long
    const page = process.cpuUsage();
    for (const activity of all.slice(-200)) big.statsOf(activity);
    expect(cpuMs(page)).toBeLessThan(8000);
  });
});
