import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DomainException, type PatternClient } from '@domestique/common';
import {
  expectedRefusals,
  patternRefusals,
  testPatternClient,
  type PatternTestConfig,
} from '@domestique/common/testing';
import { COACH_WINDOW_DAYS, Patterns } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';

jest.setTimeout(60_000);

/** The message patterns the analysis service reads a ride's and a rider's facts from. */
describe('rides: analysis context patterns (the analysis service’s signed identity only)', () => {
  let harness: RidesHarness;
  let analysis: PatternClient;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }], worker: false });
    analysis = testPatternClient(harness.api.config, 'analysis');
  }, 60_000);
  afterAll(async () => {
    await analysis?.close();
    await harness?.close();
  });

  const rideFacts = (userId: string, rideId: string) =>
    analysis.send(Patterns.analysisContextRide, { userId, rideId });
  const riderFacts = (userId: string) => analysis.send(Patterns.analysisContextRider, { userId });
  const newRide = async (userId: string, name: string, start: string, device = true): Promise<string> => {
    const metrics = {
      source: 'streams',
      averagePower: 190,
      normalizedPower: 205,
      variabilityIndex: 1.08,
      intensityFactor: 0.82,
      trainingStressScore: 96,
      efficiencyFactor: 1.45,
      aerobicDecoupling: 8.2,
      ftp: 250,
      ftpSource: 'estimated',
      lthr: 165,
      powerZones: [
        { zone: 1, seconds: 600 },
        { zone: 2, seconds: 2400 },
      ],
      heartRateZones: [{ zone: 2, seconds: 3000 }],
      bestEfforts: [{ durationSeconds: 1200, watts: 240 }],
      maxPower: 610,
      maxHeartrate: 182,
      kilojoules: 684,
      recordedSeconds: 3650,
    };
    const efforts = {
      bestPower: device ? { 1200: 240 } : {},
      best20MinuteHeartrate: 165,
      maxHeartrate: 182,
    };
    const [row] = (await harness.db.query(
      `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, time_zone, distance_m,
         moving_time_s, elapsed_time_s, total_elevation_gain_m, average_speed_mps, average_watts, device_watts,
         average_heartrate, average_cadence, metrics, efforts, streams_fetched_at)
       VALUES ($1, 'strava', $2, $3, 'Ride', $4, 'Europe/Paris', 40000, 3600, 3900, 350, 11.1, 190, $5, 142, 88, $6,
         $7, $4)
       RETURNING id`,
      [userId, randomUUID(), name, start, device, JSON.stringify(metrics), JSON.stringify(efforts)],
    )) as { id: string }[];
    return row!.id;
  };

  it('answers the ride’s computed metrics, the rider’s thresholds and the rides before it, per the contract', async () => {
    const userId = newUserId();
    const older = await newRide(userId, 'Older Ride', '2026-03-01T07:00:00Z');
    const rideId = await newRide(userId, 'Hill Day', '2026-03-05T07:00:00Z');
    await newRide(userId, 'Later Ride', '2026-03-09T07:00:00Z');
    const answer = await rideFacts(userId, rideId);
    const context = answer;
    expect(context.ride).toMatchObject({
      id: rideId,
      name: 'Hill Day',
      source: 'strava',
      startLocalTime: '08:00',
      normalizedPower: 205,
      aerobicDecouplingPct: 8.2,
      tss: 96,
    });
    expect(context.ride).toMatchObject({ kilojoules: 684, recordedSeconds: 3650, ftpWatts: 250 });
    expect(context.recentRides.map((r) => r.id)).toEqual([older]);
    // estimates as of the ride from the rides of the 90 days up to it (the later ride does not count)
    expect(context.rider).toEqual({
      ftpWatts: 228,
      ftpSource: 'estimated',
      ftpDescription: 'estimated from your 20-minute best on 1 Mar (95% of 240 W)',
      maxHeartrate: 182,
      maxHeartrateSource: 'estimated',
      thresholdHeartrate: 165,
      thresholdHeartrateSource: 'estimated',
      weightKg: null,
      units: 'imperial',
    });

    const rider = await riderFacts(userId);
    const coach = rider;
    expect(coach.recentRides.map((r) => r.name)).toEqual(['Later Ride', 'Hill Day', 'Older Ride']);
    // March is outside the 12 weeks before today, and the rider has set no goal
    expect(coach.trends).toBeNull();
    expect(coach.goals).toEqual([]);
  });

  it('carries the rider’s units setting to the coach, for a ride and for a chat answer', async () => {
    const userId = newUserId();
    const rideId = await newRide(userId, 'Girona Loop', '2026-03-05T07:00:00Z');
    expect((await riderFacts(userId)).rider.units).toBe('imperial');
    await harness.db.query(
      `INSERT INTO rides.rider_profiles (user_id, units) VALUES ($1, 'metric')
       ON CONFLICT (user_id) DO UPDATE SET units = 'metric'`,
      [userId],
    );
    expect((await rideFacts(userId, rideId)).rider.units).toBe('metric');
    expect((await riderFacts(userId)).rider.units).toBe('metric');
  });

  it('carries the rider’s goals and the dashboard’s weekly trends', async () => {
    const userId = newUserId();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const rideId = await newRide(userId, 'This Week', daysAgo(2));
    const olderId = await newRide(userId, 'Ten Weeks Ago', daysAgo(70));
    const targetDate = daysAgo(-60).slice(0, 10);
    const created = await harness
      .http()
      .post('/api/goals')
      .set(await harness.as(userId))
      .send({ title: 'Ride 500 miles', type: 'distance', targetValue: 500, targetDate });
    expect(created.status).toBe(201);
    const goal = {
      title: 'Ride 500 miles',
      type: 'distance',
      targetValue: 500,
      currentValue: 0,
      targetDate,
      // counted from today (no Strava time zone: UTC), whatever the date of the ride analysed
      startDate: new Date().toISOString().slice(0, 10),
      daysLeft: 60,
      unit: 'miles',
    };

    const ride = await rideFacts(userId, rideId);
    expect(ride.goals).toEqual([{ ...goal, status: 'active' }]);
    const older = await rideFacts(userId, olderId);
    expect(older.goals[0]?.daysLeft).toBe(60);

    const rider = await riderFacts(userId);
    const coach = rider;
    expect(coach.goals).toEqual([{ ...goal, status: 'active' }]);
    expect(coach.trends?.weeks).toHaveLength(12);
    const powered = coach.trends!.weeks.filter((week) => week.power !== null);
    expect(powered.map((week) => [week.power, week.heartRate, week.cadence])).toEqual([
      [190, 142, 88],
      [190, 142, 88],
    ]);
  });

  it('gives the coach every ride of its window, newest first, and where the window starts', async () => {
    const userId = newUserId();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    // more than the 20 recent rides: the window carries all of them
    const inWindow: string[] = [];
    for (let day = 1; day <= 24; day += 1)
      inWindow.push(await newRide(userId, `Day ${day}`, daysAgo(day * 15)));
    await newRide(userId, 'Too Old', daysAgo(COACH_WINDOW_DAYS + 5));
    const before = Date.now();
    const coach = await riderFacts(userId);
    expect(coach.recentRides).toHaveLength(20);
    expect(coach.windowRides.map((r) => r.id)).toEqual(inWindow);
    expect(coach.windowComplete).toBe(true);
    const windowStart = Date.parse(coach.windowStart!);
    expect(windowStart).toBeGreaterThanOrEqual(before - COACH_WINDOW_DAYS * 86_400_000 - 1000);
    expect(Date.parse(coach.asOf!) - windowStart).toBe(COACH_WINDOW_DAYS * 86_400_000);
    expect(coach.windowRides[0]).toMatchObject({ kilojoules: 684 });
  });

  it('carries the rider’s training load: on the ride’s day for a ride, today for the coach', async () => {
    const userId = newUserId();
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // ten rides of 96 TSS on ten days in a row, the last one two days ago (UTC: the rider has no zone)
    const rideIds: string[] = [];
    for (let daysAgo = 11; daysAgo >= 2; daysAgo -= 1)
      rideIds.push(await newRide(userId, `Day ${daysAgo}`, `${day(daysAgo)}T07:00:00Z`));
    // the model, computed here: CTL and ATL from 0 the day before the first ride, TSB yesterday's difference
    const series: { ctl: number; atl: number; tsb: number }[] = [];
    let [ctl, atl] = [0, 0];
    for (let daysAgo = 11; daysAgo >= 0; daysAgo -= 1) {
      const tsb = ctl - atl;
      const load = daysAgo >= 2 ? 96 : 0;
      ctl += (load - ctl) * (1 - Math.exp(-1 / 42));
      atl += (load - atl) * (1 - Math.exp(-1 / 7));
      series.push({ ctl, atl, tsb });
    }
    const ramp = (index: number) => series[index]!.ctl - (series[index - 7]?.ctl ?? 0);

    const coach = (await riderFacts(userId)).form!;
    expect(coach.date).toBe(day(0));
    expect(coach.ctl).toBeCloseTo(series[11]!.ctl, 1);
    expect(coach.atl).toBeCloseTo(series[11]!.atl, 1);
    expect(coach.tsb).toBeCloseTo(series[11]!.tsb, 1);
    expect(coach.rampRate).toBeCloseTo(ramp(11), 1);
    expect(coach.recentDays).toHaveLength(14);
    expect(coach.recentDays.map((d) => d.load)).toEqual([0, 0, 96, 96, 96, 96, 96, 96, 96, 96, 96, 96, 0, 0]);

    // the last ride: the form it started with, and its own load in CTL and ATL
    const ride = (await rideFacts(userId, rideIds.at(-1)!)).form!;
    expect(ride.date).toBe(day(2));
    expect(ride.ctl).toBeCloseTo(series[9]!.ctl, 1);
    expect(ride.atl).toBeCloseTo(series[9]!.atl, 1);
    expect(ride.tsb).toBeCloseTo(series[9]!.tsb, 1);
    expect(ride.recentDays.at(-1)).toEqual({ date: day(2), load: 96 });

    // a rider without any ride has no load data: the coach says nothing about form
    expect((await riderFacts(newUserId())).form).toBeNull();
  });

  it('keeps power out of a ride without a power meter', async () => {
    const userId = newUserId();
    const rideId = await newRide(userId, 'Estimated', '2026-03-05T07:00:00Z', false);
    const body = await rideFacts(userId, rideId);
    expect(body.ride).toMatchObject({
      averageWatts: null,
      normalizedPower: null,
      powerZones: null,
      bestEfforts: [],
    });
  });

  it('answers 404 for another rider’s ride', async () => {
    const rideId = await newRide(newUserId(), 'Mine', '2026-03-05T07:00:00Z');
    const error = await rideFacts(newUserId(), rideId).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DomainException);
    expect(error).toMatchObject({ status: 404, message: 'Ride not found' });
  });

  it('refuses unsigned, forged, riders’ and other services’ identities, and invalid requests', async () => {
    const owner = newUserId();
    const rideId = await newRide(owner, 'Mine', '2026-03-05T07:00:00Z');
    const config: PatternTestConfig = harness.api.config;
    expect(
      await patternRefusals(config, Patterns.analysisContextRide, {
        payload: { userId: owner, rideId },
        invalidPayload: { userId: owner, rideId: 'not-a-ride' },
      }),
    ).toEqual(expectedRefusals('Not found'));
    expect(
      await patternRefusals(config, Patterns.analysisContextRider, {
        payload: { userId: owner },
        invalidPayload: { userId: owner, extra: true },
      }),
    ).toEqual(expectedRefusals('Unexpected field: extra'));
  });
});
