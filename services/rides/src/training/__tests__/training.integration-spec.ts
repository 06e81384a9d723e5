import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EventPublisher } from '@domestique/common';
import { eventually, identityHeaders } from '@domestique/common/testing';
import {
  RideMessages,
  TrainingMessages,
  type PowerCurveDto,
  type Tier,
  type TrainingLoadDayDto,
  type TrainingRecommendationsDto,
  type TrainingWeekDto,
} from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { addDays } from '../../analytics/calendar.js';
import { encodeStreams, STREAMS_FORMAT } from '../../rides/ride-streams.codec.js';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';

jest.setTimeout(60_000);

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => addDays(today, -n);
/** 10:00 UTC of a day */
const at = (date: string) => new Date(`${date}T10:00:00Z`);

/** The model computed straight from a map of daily TSS, independent of the service's code. */
const expectedSeries = (loads: Map<string, number>, from: string, to: string) => {
  let ctl = 0;
  let atl = 0;
  const out = new Map<string, { ctl: number; atl: number; tsb: number }>();
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    const load = loads.get(date) ?? 0;
    const tsb = ctl - atl;
    ctl += (load - ctl) * (1 - Math.exp(-1 / 42));
    atl += (load - atl) * (1 - Math.exp(-1 / 7));
    out.set(date, { ctl, atl, tsb });
  }
  return out;
};

describe('training load, power curve and recommendations (real PostgreSQL and Redis)', () => {
  let harness: RidesHarness;
  let events: EventPublisher;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }] });
    events = harness.api.app.get(EventPublisher);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const as = (userId: string, tier: Tier = 'pro') => identityHeaders({ role: 'user', userId, tier });
  const get = async <T>(userId: string, path: string, tier: Tier = 'pro') => {
    const answer = await harness
      .http()
      .get(path)
      .set(await as(userId, tier));
    return { status: answer.status, body: answer.body as T };
  };

  /** A ride written as the importer writes it, with its ride.imported event in the same transaction. */
  const importRide = (
    userId: string,
    ride: { start: Date; tss?: number; moving?: number; watts?: number[] },
  ): Promise<string> =>
    harness.db.transaction(async (manager) => {
      const moving = ride.watts?.length ?? ride.moving ?? 3600;
      const [row] = (await manager.query(
        `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m, moving_time_s,
           elapsed_time_s, device_watts, metrics, streams_fetched_at)
         VALUES ($1, 'strava', $2, 'Ride', 'Ride', $3, 30000, $4, $4, $5, $6, $7) RETURNING id`,
        [
          userId,
          randomUUID(),
          ride.start,
          moving,
          ride.watts !== undefined,
          ride.tss === undefined ? null : { trainingStressScore: ride.tss, lthr: null },
          ride.watts ? new Date() : null,
        ],
      )) as { id: string }[];
      if (ride.watts) {
        const { data, samples } = encodeStreams({
          time: { data: ride.watts.map((_, i) => i) },
          watts: { data: ride.watts },
        });
        await manager.query(
          `INSERT INTO rides.ride_streams (ride_id, user_id, format, samples, data) VALUES ($1, $2, $3, $4, $5)`,
          [row!.id, userId, STREAMS_FORMAT, samples, data],
        );
      }
      await events.publish(manager, 'ride.imported', {
        userId,
        rideId: row!.id,
        startDate: ride.start.toISOString(),
        source: 'strava',
      });
      return row!.id;
    });

  const deleteRide = (userId: string, rideId: string) =>
    harness.db.transaction(async (manager) => {
      await manager.query('DELETE FROM rides.rides WHERE user_id = $1 AND id = $2', [userId, rideId]);
      await events.publish(manager, 'ride.deleted', { userId, rideId });
    });

  it('refuses free riders with 403 { message } on every endpoint', async () => {
    const rider = newUserId();
    for (const path of [
      '/api/training/load',
      '/api/training/weekly',
      '/api/training/recommendations',
      '/api/power/curve',
    ]) {
      const answer = await get<{ message: string }>(rider, path, 'free');
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ message: TrainingMessages.requiresPaidPlan });
    }
  });

  it('answers 400 { message } to bad ranges and 404 to unknown paths', async () => {
    const rider = newUserId();
    const cases: [string, string][] = [
      ['/api/training/load?from=2026-02-30', TrainingMessages.invalidDate('from')],
      ['/api/training/load?from=yesterday', TrainingMessages.invalidDate('from')],
      ['/api/training/weekly?from=2026-03-02&to=2026-03-01', TrainingMessages.dateOrder],
      ['/api/power/curve?from=1990-01-01&to=2026-01-01', TrainingMessages.rangeTooLong],
      ['/api/training/load?from=1900-01-01', TrainingMessages.rangeTooLong],
      ['/api/training/load?days=3', 'Unexpected field: days'],
      ['/api/training/recommendations?from=2026-01-01', 'Unexpected field: from'],
      ['/api/power/curve?tz=Mars/Olympus_Mons', RideMessages.invalidTimeZone],
      ['/api/training/recommendations?tz=', RideMessages.invalidTimeZone],
    ];
    for (const [path, message] of cases) {
      const answer = await get<{ message: string }>(rider, path);
      expect({ path, status: answer.status, message: answer.body.message }).toEqual({
        path,
        status: 400,
        message,
      });
    }
    const unknown = await get<{ message: string }>(rider, '/api/training/nothing');
    expect(unknown.status).toBe(404);
    expect(typeof unknown.body.message).toBe('string');
  });

  it('computes the series from the rides, keeps it current on import and deletion, and replans', async () => {
    const rider = newUserId();
    const loads = new Map<string, number>();
    for (let n = 60; n >= 2; n--) {
      if (n % 7 === 0) continue; // a rest day a week
      const tss = 40 + ((n * 13) % 50);
      await importRide(rider, { start: at(daysAgo(n)), tss });
      loads.set(daysAgo(n), tss);
    }
    // an easy day before today's plan: nothing yesterday
    const first = daysAgo(60);
    const load = await get<TrainingLoadDayDto[]>(rider, '/api/training/load?tz=UTC');
    expect(load.status).toBe(200);
    expect(load.body[0]!.date).toBe(first);
    expect(load.body.at(-1)!.date).toBe(today);
    const expected = expectedSeries(loads, first, today);
    for (const day of load.body) {
      const want = expected.get(day.date)!;
      expect(day.load).toBeCloseTo(loads.get(day.date) ?? 0, 1);
      expect(day.ctl).toBeCloseTo(want.ctl, 1);
      expect(day.atl).toBeCloseTo(want.atl, 1);
      expect(day.tsb).toBeCloseTo(want.tsb, 1);
    }

    const weekly = await get<TrainingWeekDto[]>(
      rider,
      `/api/training/weekly?from=${daysAgo(13)}&to=${today}&tz=UTC`,
    );
    expect(weekly.status).toBe(200);
    const weekSum = weekly.body.reduce((sum, week) => sum + week.load, 0);
    const expectedSum = [...loads]
      .filter(([date]) => date >= daysAgo(13))
      .reduce((sum, [, tss]) => sum + tss, 0);
    expect(weekSum).toBeCloseTo(expectedSum, 0);

    const before = await get<TrainingRecommendationsDto>(rider, '/api/training/recommendations?tz=UTC');
    expect(before.status).toBe(200);
    expect(before.body.days.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i)),
    );
    expect(before.body.days[0]!.type).not.toBe('recovery');

    // a hard ride yesterday, through the ride.imported event
    const hard = await importRide(rider, { start: at(daysAgo(1)), tss: 190 });
    await eventually(async () => {
      const after = await get<TrainingLoadDayDto[]>(rider, `/api/training/load?from=${daysAgo(1)}&tz=UTC`);
      return after.body[0]!.load === 190;
    });
    const replanned = await get<TrainingRecommendationsDto>(rider, '/api/training/recommendations?tz=UTC');
    expect(['recovery', 'rest']).toContain(replanned.body.days[0]!.type);
    expect(replanned.body.days[0]!.reason).toContain('190 TSS');

    // and gone again with its ride.deleted event
    await deleteRide(rider, hard);
    await eventually(async () => {
      const after = await get<TrainingLoadDayDto[]>(rider, `/api/training/load?from=${daysAgo(1)}&tz=UTC`);
      return after.body[0]!.load === 0;
    });

    // a hard ride today: today is done, the plan starts tomorrow with an easy day
    await importRide(rider, { start: new Date(`${today}T00:30:00Z`), tss: 185 });
    const afterToday = await eventually(async () => {
      const answer = await get<TrainingRecommendationsDto>(rider, '/api/training/recommendations?tz=UTC');
      return answer.body.days[0]!.date === addDays(today, 1) ? answer.body : undefined;
    });
    expect(afterToday.days).toHaveLength(7);
    expect(['recovery', 'rest']).toContain(afterToday.days[0]!.type);
    expect(afterToday.days[0]!.reason).toContain('185 TSS');
  });

  it('merges the rides power curves with W/kg and fits CP and W', async () => {
    const rider = newUserId();
    await harness.db.query(`INSERT INTO rides.rider_profiles (user_id, weight_kg) VALUES ($1, 70)`, [rider]);
    const hold = (seconds: number, watts: number) => [
      ...Array.from({ length: seconds }, () => watts),
      ...Array.from({ length: 60 }, () => 100),
    ];
    const short = await importRide(rider, { start: at(daysAgo(30)), watts: hold(180, 400) });
    const middle = await importRide(rider, { start: at(daysAgo(20)), watts: hold(600, 320) });
    await importRide(rider, { start: at(daysAgo(10)), watts: hold(1200, 290) });
    // a ride outside the range counts for nothing
    await importRide(rider, { start: at(daysAgo(400)), watts: hold(300, 600) });

    const curve = await get<PowerCurveDto>(rider, '/api/power/curve?tz=UTC');
    expect(curve.status).toBe(200);
    expect(curve.body.to).toBe(today);
    expect(curve.body.from).toBe(addDays(today, -364));
    const at180 = curve.body.points.find((p) => p.durationS === 180)!;
    expect(at180).toEqual({ durationS: 180, watts: 400, wattsPerKg: 5.71, rideId: short, date: daysAgo(30) });
    expect(curve.body.points.find((p) => p.durationS === 600)).toMatchObject({ watts: 320, rideId: middle });
    expect(curve.body.points.find((p) => p.durationS === 1200)).toMatchObject({ watts: 290 });
    expect(curve.body.model).not.toBeNull();
    expect(curve.body.model!.cp).toBeGreaterThan(250);
    expect(curve.body.model!.cp).toBeLessThan(300);
    expect(curve.body.model!.wPrime).toBeGreaterThan(0);
    expect(curve.body.model!.ftpEstimate).toBe(curve.body.model!.cp);

    // the curves are stored per ride: the second read merges rows, and an older period compares
    const stored = (await harness.db.query(
      'SELECT count(*)::int AS n FROM rides.ride_power_curves WHERE user_id = $1',
      [rider],
    )) as [{ n: number }];
    expect(stored[0].n).toBe(3);
    const lastYear = await get<PowerCurveDto>(
      rider,
      `/api/power/curve?from=${daysAgo(420)}&to=${daysAgo(380)}&tz=UTC`,
    );
    expect(lastYear.body.points.find((p) => p.durationS === 300)).toMatchObject({ watts: 600 });
    expect(lastYear.body.model).toBeNull();

    // streams stored again (a new version): that ride's curve is computed afresh
    const { data } = encodeStreams({
      time: { data: hold(600, 350).map((_, i) => i) },
      watts: { data: hold(600, 350) },
    });
    await harness.db.query(`UPDATE rides.ride_streams SET data = $2 WHERE ride_id = $1`, [middle, data]);
    await harness.db.query(`UPDATE rides.rides SET streams_fetched_at = now() WHERE id = $1`, [middle]);
    const refreshed = await get<PowerCurveDto>(rider, '/api/power/curve?tz=UTC');
    expect(refreshed.body.points.find((p) => p.durationS === 600)).toMatchObject({
      watts: 350,
      rideId: middle,
    });
  });

  it('builds a first-time rider once when a screen asks for everything at once', async () => {
    const rider = newUserId();
    for (let n = 20; n >= 1; n--) await importRide(rider, { start: at(daysAgo(n)), tss: 50 });
    const answers = await Promise.all(
      [
        '/api/training/load',
        '/api/training/weekly',
        '/api/training/recommendations',
        '/api/training/load',
      ].map((path) => get<unknown>(rider, `${path}?tz=UTC`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((answers[0]!.body as TrainingLoadDayDto[]).filter((day) => day.load === 50)).toHaveLength(20);
  });

  it('gives the coach the form on a date', async () => {
    const rider = newUserId();
    await importRide(rider, { start: at(daysAgo(3)), tss: 100 });
    const { TrainingService } = await import('../training.service.js');
    const form = await harness.api.app.get(TrainingService).formAt(rider, daysAgo(1));
    const expected = expectedSeries(new Map([[daysAgo(3), 100]]), daysAgo(3), daysAgo(1)).get(daysAgo(1))!;
    expect(form.date).toBe(daysAgo(1));
    expect(form.ctl).toBeCloseTo(expected.ctl, 1);
    expect(form.atl).toBeCloseTo(expected.atl, 1);
    expect(form.tsb).toBeCloseTo(expected.tsb, 1);
    expect(form.recentDays).toHaveLength(14);
    expect(form.recentDays.find((d) => d.date === daysAgo(3))!.load).toBe(100);
  });
});
