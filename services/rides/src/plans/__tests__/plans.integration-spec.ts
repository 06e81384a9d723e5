import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EventPublisher, type EventContext } from '@domestique/common';
import { identityHeaders } from '@domestique/common/testing';
import {
  PLAN_COURSE_MAX_BYTES,
  PlanMessages,
  WEEKDAYS,
  type CalendarFeedDto,
  type MovePlanSessionResultDto,
  type PlanCalendarDto,
  type EventPayload,
  type PlanSessionDto,
  type Tier,
  type TrainingPlanDto,
} from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { addDays, mondayOf } from '../../analytics/calendar.js';
import { encodeStreams, STREAMS_FORMAT } from '../../rides/ride-streams.codec.js';
import { StravaPurgeHandler } from '../../strava/strava-purge.handler.js';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';
import {
  icsEvents,
  readFit,
  readIcs,
  readZwo,
  unescapeIcsText,
} from '../../workout-export/__tests__/workout-readers.js';
import { PlansService } from '../plans.service.js';

jest.setTimeout(120_000);

const today = new Date().toISOString().slice(0, 10);
/** 10:00 UTC of a day */
const at = (date: string, hour = 10) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

const granFondo = {
  eventName: 'Gran Fondo Stelvio',
  eventDate: addDays(today, 84),
  eventType: 'gran-fondo',
  weeklyHours: 8,
  ridingDays: ['tue', 'thu', 'sat', 'sun'],
  longRideDay: 'sun',
  tz: 'UTC',
};

/** A GPX course: `count` points heading north, climbing `climbM` in all. */
const gpxCourse = (count: number, climbM = 400, tag: 'trkpt' | 'rtept' = 'trkpt'): string => {
  const points = Array.from({ length: count }, (_, i) => {
    const lat = (45 + i * 0.001).toFixed(6); // about 111 m apart
    return `<${tag} lat="${lat}" lon="10.000000"><ele>${((climbM * i) / Math.max(1, count - 1)).toFixed(1)}</ele></${tag}>`;
  }).join('');
  const body =
    tag === 'trkpt'
      ? `<trk><name>Stelvio</name><trkseg>${points}</trkseg></trk>`
      : `<rte><name>Stelvio</name>${points}</rte>`;
  return `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;
};

/** Collects a binary answer into a Buffer. */
const binary = (res: unknown, done: (error: Error | null, body: unknown) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('training plans (real PostgreSQL and Redis)', () => {
  let harness: RidesHarness;
  let events: EventPublisher;
  let service: PlansService;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }], worker: false });
    events = harness.api.app.get(EventPublisher);
    service = harness.api.app.get(PlansService);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const as = (userId: string, tier: Tier = 'elite') => identityHeaders({ role: 'user', userId, tier });
  const send = async (
    userId: string,
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    body?: object,
    tier: Tier = 'elite',
  ): Promise<Response> => {
    const http = harness.http();
    const request = http[method](path).set(await as(userId, tier));
    return body === undefined ? request : request.send(body);
  };

  /** An Elite rider with an FTP and a fresh 12-week gran fondo plan. */
  const riderWithPlan = async (ftp: number | null = 250) => {
    const rider = newUserId();
    if (ftp !== null) expect((await send(rider, 'patch', '/api/rider/settings', { ftp })).status).toBe(200);
    const created = await send(rider, 'post', '/api/plans', granFondo);
    expect(created.status).toBe(201);
    return { rider, plan: created.body as TrainingPlanDto };
  };

  const planRows = async (rider: string) =>
    (
      (await harness.db.query('SELECT count(*)::int AS n FROM rides.training_plans WHERE user_id = $1', [
        rider,
      ])) as [{ n: number }]
    )[0].n;

  /** A ride as the importer writes it (with power streams when `watts` is given). */
  const importRide = (userId: string, ride: { start: Date; tss: number; moving: number; watts?: number }) =>
    harness.db.transaction(async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m, moving_time_s,
           elapsed_time_s, device_watts, metrics, streams_fetched_at)
         VALUES ($1, 'strava', $2, 'Morning ride', 'Ride', $3, 30000, $4, $4, $5, $6, now()) RETURNING id`,
        [
          userId,
          randomUUID(),
          ride.start,
          ride.moving,
          ride.watts !== undefined,
          { trainingStressScore: ride.tss, lthr: null },
        ],
      )) as { id: string }[];
      if (ride.watts !== undefined) {
        const watts = Array.from({ length: ride.moving }, () => ride.watts!);
        const { data, samples } = encodeStreams({
          time: { data: watts.map((_, i) => i) },
          watts: { data: watts },
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

  it('builds an Elite rider a 12-week gran fondo plan: phases, a bounded ramp, sessions on riding days only', async () => {
    const { rider, plan } = await riderWithPlan();
    expect(plan).toMatchObject({
      eventName: 'Gran Fondo Stelvio',
      eventType: 'gran-fondo',
      longRideDay: 'sun',
    });
    expect(plan.phases.length).toBeGreaterThanOrEqual(2);
    expect(plan.phases.at(-1)!.to >= plan.eventDate || plan.phases.at(-1)!.phase === 'taper').toBe(true);
    expect(plan.weeks[0]!.weekStart).toBe(mondayOf(today));
    expect(plan.weeks.at(-1)!.weekStart).toBe(mondayOf(plan.eventDate));
    let ctl = plan.startCtl;
    for (const week of plan.weeks) {
      expect(week.targetCtl - ctl).toBeLessThanOrEqual(plan.rampLimit + 1e-6);
      ctl = week.targetCtl;
      const own = plan.sessions.filter((session) => session.week === week.index);
      expect(week.plannedLoad).toBeCloseTo(
        own.reduce((sum, session) => sum + session.plannedLoad, 0),
        0,
      );
      expect(week.completedLoad).toBe(0);
    }
    expect(plan.sessions.length).toBeGreaterThan(20);
    for (const session of plan.sessions) {
      expect(session.date >= today && session.date <= plan.eventDate).toBe(true);
      expect(session.status).toBe('planned');
      if (session.role !== 'event') expect(granFondo.ridingDays).toContain(weekdayOf(session.date));
    }
    expect(plan.sessions.filter((session) => session.role === 'event').map((s) => s.date)).toEqual([
      plan.eventDate,
    ]);
    expect(plan.sessions.map((s) => s.date)).toEqual([...plan.sessions.map((s) => s.date)].sort());
    expect(plan.racePrep.pacing).toBeNull();

    const read = await send(rider, 'get', '/api/plans/current?tz=UTC');
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((read.body as TrainingPlanDto).id).toBe(plan.id);

    // a new plan replaces the current one
    const again = await send(rider, 'post', '/api/plans', { ...granFondo, eventName: 'Maratona' });
    expect(again.status).toBe(201);
    expect(((await send(rider, 'get', '/api/plans/current?tz=UTC')).body as TrainingPlanDto).eventName).toBe(
      'Maratona',
    );
    expect(await planRows(rider)).toBe(2);

    expect((await send(rider, 'delete', '/api/plans/current')).status).toBe(204);
    const gone = await send(rider, 'get', '/api/plans/current?tz=UTC');
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: PlanMessages.noPlan, code: expect.any(String) });
  });

  it('refuses Pro and Free riders with 403 on every route', async () => {
    const { rider, plan } = await riderWithPlan();
    const session = plan.sessions[0]!.id;
    for (const tier of ['pro', 'free'] as const) {
      const answers = [
        await send(rider, 'post', '/api/plans', granFondo, tier),
        // refused for the tier before the input is read
        await send(rider, 'post', '/api/plans', {}, tier),
        await send(rider, 'patch', `/api/plans/current/sessions/${session}`, { date: 'soon' }, tier),
        await send(rider, 'get', '/api/plans/calendar?from=nope', undefined, tier),
        await send(rider, 'get', '/api/plans/current', undefined, tier),
        await send(rider, 'delete', '/api/plans/current', undefined, tier),
        await send(rider, 'patch', `/api/plans/current/sessions/${session}`, { date: today }, tier),
        await send(rider, 'get', `/api/plans/calendar?from=${today}&to=${today}`, undefined, tier),
        await send(rider, 'delete', '/api/plans/current/course', undefined, tier),
        await send(rider, 'get', `/api/plans/current/sessions/${session}/export?format=zwo`, undefined, tier),
        await harness
          .http()
          .post('/api/plans/current/course')
          .set(await as(rider, tier))
          .attach('file', Buffer.from(gpxCourse(10)), 'course.gpx'),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ message: PlanMessages.requiresElite });
      }
      const graphql = await harness
        .http()
        .post('/graphql')
        .set(await as(rider, tier))
        .send({ query: '{ trainingPlan(timeZone: "UTC") { id } }' });
      expect(graphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    // the plan is untouched
    expect((await send(rider, 'get', '/api/plans/current?tz=UTC')).status).toBe(200);
  });

  it("refuses bad input with 400 and the contract's words, storing nothing", async () => {
    const rider = newUserId();
    const cases: [object, string][] = [
      [{ ...granFondo, eventDate: addDays(today, 10) }, PlanMessages.eventTooSoon],
      [{ ...granFondo, eventDate: addDays(today, 400) }, PlanMessages.eventTooFar],
      [{ ...granFondo, eventDate: '2026-02-30' }, PlanMessages.eventDate],
      [{ ...granFondo, ridingDays: ['tue', 'funday'] }, PlanMessages.ridingDays],
      [{ ...granFondo, ridingDays: ['tue', 'tue'] }, PlanMessages.ridingDays],
      [{ ...granFondo, longRideDay: 'mon' }, PlanMessages.longRideDay],
      [{ ...granFondo, weeklyHours: 0 }, PlanMessages.weeklyHours],
      [{ ...granFondo, eventType: 'triathlon' }, PlanMessages.eventType],
      [{ ...granFondo, eventName: ' ' }, PlanMessages.eventName],
    ];
    for (const [body, message] of cases) {
      const answer = await send(rider, 'post', '/api/plans', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const unknown = await send(rider, 'post', '/api/plans', { ...granFondo, coach: 'yes' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toEqual(expect.any(String));
    expect(await planRows(rider)).toBe(0);

    const calendar = await send(rider, 'get', `/api/plans/calendar?from=${today}&to=${addDays(today, 70)}`);
    expect(calendar.status).toBe(400);
    expect(calendar.body.message).toBe(PlanMessages.calendarRange);
  });

  it("matches a ride on a session's day with compliance on the next read, and shows both on the calendar", async () => {
    const { rider, plan } = await riderWithPlan();
    const session = plan.sessions.find((each) => each.steps.length > 0)!;
    const watts = Math.round(
      (250 * (session.steps[0]!.targetPercentFtp![0] + session.steps[0]!.targetPercentFtp![1])) / 200,
    );
    const rideId = await importRide(rider, {
      start: at(session.date),
      tss: session.plannedLoad,
      moving: session.durationS,
      watts,
    });
    const read = await service.current(rider, 'elite', 'UTC', at(session.date, 20));
    const matched = read.sessions.find((each) => each.id === session.id)!;
    expect(matched.status).toBe('completed');
    expect(matched.compliance).toMatchObject({
      rideId,
      rideName: 'Morning ride',
      durationS: session.durationS,
    });
    expect(matched.compliance!.loadRatio).toBeCloseTo(1, 1);
    expect(matched.compliance!.summary.length).toBeGreaterThan(10);
    expect(read.weeks.find((week) => week.index === session.week)!.completedLoad).toBeCloseTo(
      session.plannedLoad,
      0,
    );

    const calendar = await service.calendar(
      rider,
      'elite',
      { from: session.date, to: addDays(session.date, 6), tz: 'UTC' },
      at(session.date, 20),
    );
    expect(calendar.hasPlan).toBe(true);
    expect(calendar.days).toHaveLength(7);
    expect(calendar.days[0]!.rides).toEqual([
      {
        id: rideId,
        name: 'Morning ride',
        durationS: session.durationS,
        load: session.plannedLoad,
        sessionId: session.id,
      },
    ]);
    expect(calendar.days[0]!.sessions.map((each) => each.id)).toContain(session.id);

    // a completed session cannot be moved
    const move = await send(rider, 'patch', `/api/plans/current/sessions/${session.id}`, {
      date: addDays(session.date, 1),
    });
    expect(move.status).toBe(400);
    expect(move.body.message).toBe(PlanMessages.moveCompleted);

    // its ride deleted, the session is open again
    await harness.db.query('DELETE FROM rides.rides WHERE user_id = $1 AND id = $2', [rider, rideId]);
    const reread = await service.current(rider, 'elite', 'UTC', at(session.date, 20));
    expect(reread.sessions.find((each) => each.id === session.id)).toMatchObject({
      status: 'planned',
      compliance: null,
    });
  });

  it('shows rides on the calendar without a plan', async () => {
    const rider = newUserId();
    const rideId = await importRide(rider, { start: at(today, 0), tss: 50, moving: 3600 });
    const answer = await send(
      rider,
      'get',
      `/api/plans/calendar?from=${addDays(today, -2)}&to=${today}&tz=UTC`,
    );
    expect(answer.status).toBe(200);
    const calendar = answer.body as PlanCalendarDto;
    expect(calendar).toMatchObject({ hasPlan: false, from: addDays(today, -2), to: today });
    expect(calendar.days.map((day) => day.date)).toEqual([addDays(today, -2), addDays(today, -1), today]);
    expect(calendar.days[2]!.rides).toEqual([
      { id: rideId, name: 'Morning ride', durationS: 3600, load: 50, sessionId: null },
    ]);
  });

  it('marks missed sessions and adapts with a reason on the next read; two reads at once store each adjustment once', async () => {
    const { rider, plan } = await riderWithPlan();
    // three weeks go by without a ride
    const later = at(addDays(today, 21), 12);
    const [first, second] = await Promise.all([
      service.current(rider, 'elite', 'UTC', later),
      service.current(rider, 'elite', 'UTC', later),
    ]);
    const laterDay = addDays(today, 21);
    const past = first.sessions.filter((session) => session.date < laterDay);
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((session) => session.status === 'missed')).toBe(true);
    expect(first.adjustments.length).toBeGreaterThan(0);
    for (const adjustment of first.adjustments) expect(adjustment.reason.length).toBeGreaterThan(10);
    expect(second.adjustments.map((a) => a.id).sort()).toEqual(first.adjustments.map((a) => a.id).sort());
    const rows = (await harness.db.query(
      'SELECT trigger, count(*)::int AS n FROM rides.plan_adjustments WHERE plan_id = $1 GROUP BY trigger',
      [plan.id],
    )) as { trigger: string; n: number }[];
    expect(rows.length).toBe(first.adjustments.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    // reading again applies nothing new
    const third = await service.current(rider, 'elite', 'UTC', later);
    expect(third.adjustments.length).toBe(first.adjustments.length);
    // adjustments are newest first
    const stamps = third.adjustments.map((a) => a.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it("moves a session within the plan and re-checks the week's load; refuses bad days and others' sessions", async () => {
    const { rider, plan } = await riderWithPlan();
    const week = plan.weeks[2]!;
    const session = plan.sessions.find((each) => each.week === week.index && each.role === 'training')!;
    const target = [0, 1, 2, 3, 4, 5, 6]
      .map((offset) => addDays(week.weekStart, offset))
      .find((date) => date !== session.date && !plan.sessions.some((each) => each.date === date))!;
    const moved = await send(rider, 'patch', `/api/plans/current/sessions/${session.id}?tz=UTC`, {
      date: target,
    });
    expect(moved.status).toBe(200);
    const result = moved.body as MovePlanSessionResultDto;
    const after = result.plan.sessions.find((each) => each.id === session.id)!;
    expect(after).toMatchObject({
      date: target,
      originalDate: session.date,
      week: week.index,
      status: 'planned',
    });
    const weekSessions = result.plan.sessions.filter((each) => each.week === week.index);
    expect(result.week).toMatchObject({ weekStart: week.weekStart, targetLoad: week.targetLoad });
    expect(result.week.plannedLoad).toBeCloseTo(
      weekSessions.reduce((sum, each) => sum + each.plannedLoad, 0),
      0,
    );
    expect(result.week.warning === null || typeof result.week.warning === 'string').toBe(true);

    // moved back: no longer moved
    const back = await send(rider, 'patch', `/api/plans/current/sessions/${session.id}?tz=UTC`, {
      date: session.date,
    });
    expect(
      (back.body as MovePlanSessionResultDto).plan.sessions.find((each) => each.id === session.id)!
        .originalDate,
    ).toBeNull();

    for (const date of [addDays(today, -1), addDays(plan.eventDate, 1), '2026-13-01']) {
      const answer = await send(rider, 'patch', `/api/plans/current/sessions/${session.id}`, { date });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(PlanMessages.moveDate);
    }
    const other = await riderWithPlan();
    for (const id of [other.plan.sessions[0]!.id, 'not-a-uuid', randomUUID()]) {
      const answer = await send(rider, 'patch', `/api/plans/current/sessions/${id}`, { date: target });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(PlanMessages.sessionNotFound);
    }
    const graphql = await harness
      .http()
      .post('/graphql')
      .set(await as(rider))
      .send({
        query: `mutation { movePlanSession(id: "${session.id}", date: "${target}", timeZone: "UTC") { week { weekStart plannedLoad } plan { id } } }`,
      });
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.movePlanSession).toMatchObject({
      week: { weekStart: week.weekStart },
      plan: { id: plan.id },
    });
  });

  it('takes a GPX course and answers pacing for it; refuses what is not a course', async () => {
    const { rider } = await riderWithPlan();
    const upload = (data: Buffer | string, name = 'stelvio.gpx') =>
      as(rider).then((headers) =>
        harness
          .http()
          .post('/api/plans/current/course?tz=UTC')
          .set(headers)
          .attach('file', Buffer.from(data), name),
      );
    const answer = await upload(gpxCourse(200));
    expect(answer.status).toBe(200);
    const pacing = (answer.body as TrainingPlanDto).racePrep.pacing!;
    expect(pacing.courseName).toBe('Stelvio');
    // 199 gaps of about 111.2 m
    expect(pacing.distanceKm).toBeGreaterThan(21.5);
    expect(pacing.distanceKm).toBeLessThan(23);
    expect(pacing.ascentM).toBeGreaterThan(350);
    expect(pacing.segments.length).toBeGreaterThan(0);
    expect(pacing.expectedTimeS).toBeGreaterThan(0);
    expect((await send(rider, 'get', '/api/plans/current?tz=UTC')).body.racePrep.pacing.courseName).toBe(
      'Stelvio',
    );

    const { gzipSync } = await import('node:zlib');
    expect((await upload(gzipSync(gpxCourse(50, 100, 'rtept')), 'route.gpx.gz')).status).toBe(200);

    for (const bad of [
      'not xml at all',
      gpxCourse(1),
      '<kml><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></kml>',
    ]) {
      const refused = await upload(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(PlanMessages.courseInvalid);
    }
    const tooLarge = await upload(Buffer.alloc(PLAN_COURSE_MAX_BYTES + 1, ' '));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe(PlanMessages.courseTooLarge);
    expect((await send(rider, 'delete', '/api/plans/current/course')).status).toBe(204);
    expect((await send(rider, 'get', '/api/plans/current?tz=UTC')).body.racePrep.pacing).toBeNull();
  });

  it("exports a plan session as files that parse back, and the day's export uses the plan", async () => {
    const { rider, plan } = await riderWithPlan();
    const session = plan.sessions.find((each) => each.steps.length > 0) as PlanSessionDto;
    const download = async (path: string, userId = rider) =>
      harness
        .http()
        .get(path)
        .set(await as(userId))
        .buffer(true)
        .parse(binary);
    const zwo = await download(`/api/plans/current/sessions/${session.id}/export?format=zwo`);
    expect(zwo.status).toBe(200);
    expect(zwo.headers['content-type']).toBe('application/xml; charset=utf-8');
    const workout = readZwo((zwo.body as Buffer).toString('utf8'));
    expect(workout.name).toBe(session.title);
    expect(workout.steps.map((step) => step.durationS)).toEqual(session.steps.map((step) => step.durationS));

    const fit = await download(`/api/plans/current/sessions/${session.id}/export?format=fit`);
    expect(fit.status).toBe(200);
    const decoded = readFit(new Uint8Array(fit.body as Buffer));
    expect(decoded.fileType).toBe('workout');
    expect(decoded.workout?.wktName).toBe(session.title);

    const day = await download(`/api/training/workouts/${session.date}/export?format=zwo&tz=UTC`);
    expect(day.status).toBe(200);
    expect(readZwo((day.body as Buffer).toString('utf8')).name).toBe(session.title);

    // the calendar feed lists the plan's sessions
    const feed = await send(rider, 'post', '/api/training/calendar-feed');
    expect(feed.status).toBe(200);
    const ics = await download(new URL((feed.body as CalendarFeedDto).url).pathname);
    expect(ics.status).toBe(200);
    const calendarEvents = icsEvents(readIcs((ics.body as Buffer).toString('utf8')));
    expect(new Set(calendarEvents.map((event) => event['UID'])).size).toBe(calendarEvents.length);
    const summaries = calendarEvents.map((event) => unescapeIcsText(event['SUMMARY'] ?? ''));
    const withSteps = plan.sessions.filter((each) => each.steps.length > 0);
    expect(summaries).toHaveLength(withSteps.length);
    expect(summaries[0]).toContain(withSteps[0]!.title);

    const stranger = newUserId();
    const refused = await download(`/api/plans/current/sessions/${session.id}/export?format=zwo`, stranger);
    expect(refused.status).toBe(404);
    const badFormat = await download(`/api/plans/current/sessions/${session.id}/export?format=pdf`);
    expect(badFormat.status).toBe(400);
  });

  it('answers the plan over GraphQL, null without one', async () => {
    const rider = newUserId();
    const query = async () =>
      harness
        .http()
        .post('/graphql')
        .set(await as(rider))
        .send({
          query:
            '{ trainingPlan(timeZone: "UTC") { id eventName weeks { index plannedLoad } sessions { id status date } racePrep { taperStart pacing { distanceKm } } } }',
        });
    expect((await query()).body.data.trainingPlan).toBeNull();
    const created = await harness
      .http()
      .post('/graphql')
      .set(await as(rider))
      .send({
        query: `mutation { createTrainingPlan(input: { tz: "UTC", eventName: "Fondo", eventDate: "${granFondo.eventDate}", eventType: "gran-fondo", weeklyHours: 6, ridingDays: ["tue", "sat", "sun"] }) { id longRideDay } }`,
      });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createTrainingPlan.longRideDay).toBe('sun');
    const read = (await query()).body.data.trainingPlan;
    expect(read.id).toBe(created.body.data.createTrainingPlan.id);
    expect(read.racePrep.pacing).toBeNull();
    const calendar = await harness
      .http()
      .post('/graphql')
      .set(await as(rider))
      .send({
        query: `{ planCalendar(from: "${today}", to: "${addDays(today, 6)}", timeZone: "UTC") { hasPlan days { date sessions { id } rides { id } } } }`,
      });
    expect(calendar.body.data.planCalendar.hasPlan).toBe(true);
    expect(calendar.body.data.planCalendar.days).toHaveLength(7);
    expect(
      calendar.body.data.planCalendar.days.flatMap((day: { sessions: { id: string }[] }) => day.sessions)
        .length,
    ).toBe(read.sessions.filter((session: { date: string }) => session.date <= addDays(today, 6)).length);
    const ended = await harness
      .http()
      .post('/graphql')
      .set(await as(rider))
      .send({ query: 'mutation { deleteTrainingPlan }' });
    expect(ended.body.data.deleteTrainingPlan).toBe(true);
  });

  it("deletes the rider's plans with the rider", async () => {
    const { rider } = await riderWithPlan();
    const purge = harness.api.app.get(StravaPurgeHandler);
    await harness.db.transaction((manager) =>
      purge.onUserDeleted({ userId: rider } as EventPayload<'user.deleted'>, { manager } as EventContext),
    );
    expect(await planRows(rider)).toBe(0);
    expect(
      (
        (await harness.db.query('SELECT count(*)::int AS n FROM rides.plan_sessions WHERE user_id = $1', [
          rider,
        ])) as [{ n: number }]
      )[0].n,
    ).toBe(0);
  });
});
