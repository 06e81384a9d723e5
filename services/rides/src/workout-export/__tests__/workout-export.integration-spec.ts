import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityHeaders } from '@domestique/common/testing';
import {
  WorkoutExportMessages,
  type CalendarFeedDto,
  type CalendarFeedStatusDto,
  type PlannedWorkoutDto,
  type Tier,
  type TrainingRecommendationsDto,
} from '@domestique/proto';
import { createHash } from 'node:crypto';
import type { Response } from 'supertest';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';
import { WorkoutExportService } from '../workout-export.service.js';
import {
  icsEvents,
  readCourseFile,
  readFit,
  readIcs,
  readZwo,
  stepsOfPoints,
  unescapeIcsText,
} from './workout-readers.js';

jest.setTimeout(60_000);

/** Collects a binary answer into a Buffer (supertest parses only text and JSON by itself). */
const binary = (res: unknown, done: (error: Error | null, body: unknown) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('workout exports and the calendar feed (real PostgreSQL and Redis)', () => {
  let harness: RidesHarness;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }], worker: false });
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const as = (userId: string, tier: Tier) => identityHeaders({ role: 'user', userId, tier });
  const get = async (userId: string, path: string, tier: Tier = 'elite'): Promise<Response> =>
    harness
      .http()
      .get(path)
      .set(await as(userId, tier))
      .buffer(true)
      .parse(binary);
  const json = (answer: Response) =>
    JSON.parse((answer.body as Buffer).toString('utf8')) as { message: string };
  const text = (answer: Response) => (answer.body as Buffer).toString('utf8');

  /** A rider with an FTP (power sessions) or without (heart-rate sessions), and their first session. */
  const riderWithSession = async (ftp: number | null) => {
    const rider = newUserId();
    if (ftp !== null) {
      const set = await harness
        .http()
        .patch('/api/rider/settings')
        .set(await as(rider, 'elite'))
        .send({ ftp });
      expect(set.status).toBe(200);
    }
    const plan = await harness
      .http()
      .get('/api/training/recommendations?tz=UTC')
      .set(await as(rider, 'elite'));
    expect(plan.status).toBe(200);
    const days = (plan.body as TrainingRecommendationsDto).days;
    const session = days.find((day) => day.steps.length > 0)!;
    expect(session).toBeDefined();
    return { rider, session, days };
  };

  const exportPath = (date: string, format: string) =>
    `/api/training/workouts/${date}/export?format=${format}&tz=UTC`;

  const expectDownload = (answer: Response, session: PlannedWorkoutDto, format: string, type: string) => {
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(type);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${session.date}-${session.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.${format}"`,
    );
  };

  it("exports an Elite rider's session in every format, each parsing back to the same steps", async () => {
    const { rider, session } = await riderWithSession(250);
    expect(session.steps.every((step) => step.targetPercentFtp !== null)).toBe(true);

    const fit = await get(rider, exportPath(session.date, 'fit'));
    expectDownload(fit, session, 'fit', 'application/vnd.ant.fit');
    const decoded = readFit(new Uint8Array(fit.body as Buffer));
    expect(decoded.fileType).toBe('workout');
    expect(decoded.workout?.wktName).toBe(session.title);
    expect(
      decoded.steps.map((step) => [step.durationTime, step.customTargetPowerLow, step.customTargetPowerHigh]),
    ).toEqual(session.steps.map((step) => [step.durationS, ...step.targetPercentFtp!]));

    const zwo = await get(rider, exportPath(session.date, 'zwo'));
    expectDownload(zwo, session, 'zwo', 'application/xml; charset=utf-8');
    const workout = readZwo(text(zwo));
    expect(workout.name).toBe(session.title);
    const held = workout.steps;
    expect(held.map((step) => step.durationS)).toEqual(session.steps.map((step) => step.durationS));
    // every held step sits inside its session step's range
    held.forEach((step, index) => {
      const [low, high] = session.steps[index]!.targetPercentFtp!;
      for (const percent of [step.startPercent, step.endPercent]) {
        expect(percent).toBeGreaterThanOrEqual(low);
        expect(percent).toBeLessThanOrEqual(high);
      }
    });

    const mrc = await get(rider, exportPath(session.date, 'mrc'));
    expectDownload(mrc, session, 'mrc', 'text/plain; charset=utf-8');
    expect(stepsOfPoints(readCourseFile(text(mrc)).points)).toEqual(held);

    const erg = await get(rider, exportPath(session.date, 'erg'));
    expectDownload(erg, session, 'erg', 'text/plain; charset=utf-8');
    const course = readCourseFile(text(erg));
    expect(course.header.FTP).toBe('250');
    expect(stepsOfPoints(course.points)).toEqual(
      held.map((step) => ({
        durationS: step.durationS,
        startPercent: Math.round(step.startPercent * 2.5),
        endPercent: Math.round(step.endPercent * 2.5),
      })),
    );
  });

  it('refuses Pro and Free riders with 403 { message } on the server', async () => {
    const { rider, session } = await riderWithSession(250);
    for (const tier of ['pro', 'free'] as const) {
      const answer = await get(rider, exportPath(session.date, 'zwo'), tier);
      expect(answer.status).toBe(403);
      expect(json(answer).message).toBe(WorkoutExportMessages.requiresElite);
      for (const method of ['post', 'get', 'delete'] as const) {
        const http = harness.http();
        const feed = await http[method]('/api/training/calendar-feed').set(await as(rider, tier));
        expect(feed.status).toBe(403);
        expect((feed.body as { message: string }).message).toBe(WorkoutExportMessages.requiresElite);
      }
    }
  });

  it('answers 400 to a bad date or format and 404 to a day without a session', async () => {
    const { rider, session, days } = await riderWithSession(250);
    const cases: [string, number, string][] = [
      [exportPath(session.date, 'pdf'), 400, WorkoutExportMessages.invalidFormat],
      [`/api/training/workouts/${session.date}/export`, 400, WorkoutExportMessages.invalidFormat],
      [exportPath('2026-02-30', 'zwo'), 400, WorkoutExportMessages.invalidDate],
      [exportPath('tomorrow', 'zwo'), 400, WorkoutExportMessages.invalidDate],
      [`${exportPath(session.date, 'zwo')}&extra=1`, 400, 'Unexpected field: extra'],
      [exportPath('2020-01-01', 'zwo'), 404, WorkoutExportMessages.noSession],
    ];
    const rest = days.find((day) => day.steps.length === 0);
    if (rest) cases.push([exportPath(rest.date, 'fit'), 404, WorkoutExportMessages.noSession]);
    for (const [path, status, message] of cases) {
      const answer = await get(rider, path);
      expect({ path, status: answer.status, message: json(answer).message }).toEqual({
        path,
        status,
        message,
      });
    }
  });

  it('exports a heart-rate session as .fit with zones, and asks for an FTP for the power formats', async () => {
    const { rider, session } = await riderWithSession(null);
    expect(session.steps.every((step) => step.targetHrZone !== null)).toBe(true);
    const fit = await get(rider, exportPath(session.date, 'fit'));
    expect(fit.status).toBe(200);
    expect(
      readFit(new Uint8Array(fit.body as Buffer)).steps.map((step) => [step.durationTime, step.targetHrZone]),
    ).toEqual(session.steps.map((step) => [step.durationS, step.targetHrZone]));
    for (const format of ['zwo', 'erg', 'mrc']) {
      const answer = await get(rider, exportPath(session.date, format));
      expect(answer.status).toBe(400);
      expect(json(answer).message).toBe(WorkoutExportMessages.needsPower);
    }
  });

  /** The feed as a calendar app reads it: through the public address, with no session. */
  const readFeed = async (url: string) => {
    const path = new URL(url).pathname;
    const answer = await fetch(`${harness.publicUrl}${path}`);
    return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() };
  };

  it('serves a secret iCalendar feed without a session; a reset invalidates the old URL', async () => {
    const { rider, days } = await riderWithSession(250);
    const status = async () => {
      const answer = await harness
        .http()
        .get('/api/training/calendar-feed')
        .set(await as(rider, 'elite'));
      expect(answer.status).toBe(200);
      return answer.body as CalendarFeedStatusDto;
    };
    expect(await status()).toEqual({ active: false, createdAt: null });
    const create = await harness
      .http()
      .post('/api/training/calendar-feed')
      .set(await as(rider, 'elite'));
    expect(create.status).toBe(200);
    const { url } = create.body as CalendarFeedDto;
    expect(url.startsWith(`${harness.publicUrl}/api/training/calendar-feed/`)).toBe(true);
    const secret = url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);

    // stored hashed, never as the secret itself
    const stored = (await harness.db.query(
      'SELECT secret_hash FROM rides.rider_calendar_feeds WHERE user_id = $1',
      [rider],
    )) as { secret_hash: string }[];
    expect(stored).toEqual([{ secret_hash: createHash('sha256').update(secret).digest('hex') }]);

    const feed = await readFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    const events = icsEvents(readIcs(feed.body));
    const sessions = days.filter((day) => day.steps.length > 0);
    expect(events.map((event) => event['DTSTART;VALUE=DATE'])).toEqual(
      sessions.map((day) => day.date.replace(/-/g, '')),
    );
    expect(unescapeIcsText(events[0]!.SUMMARY!)).toContain(sessions[0]!.title);
    expect(unescapeIcsText(events[0]!.DESCRIPTION!)).toContain(sessions[0]!.reason);
    expect(feed.body).not.toContain(rider);

    const reset = await harness
      .http()
      .post('/api/training/calendar-feed')
      .set(await as(rider, 'elite'));
    const renewed = (reset.body as CalendarFeedDto).url;
    expect(renewed).not.toBe(url);
    expect((await readFeed(url)).status).toBe(404);
    expect((await readFeed(renewed)).status).toBe(200);

    // guesses and malformed secrets are 404 alike
    expect(
      (await readFeed(`${harness.publicUrl}/api/training/calendar-feed/${'A'.repeat(43)}.ics`)).status,
    ).toBe(404);
    expect((await readFeed(`${harness.publicUrl}/api/training/calendar-feed/nope`)).status).toBe(404);

    // the rider sees that a feed is live (never its address again), and can stop it
    const live = await status();
    expect(live.active).toBe(true);
    expect(Date.parse(live.createdAt!)).toBeGreaterThan(Date.now() - 60_000);
    const stop = () =>
      as(rider, 'elite').then((headers) => harness.http().delete('/api/training/calendar-feed').set(headers));
    expect((await stop()).status).toBe(204);
    expect((await readFeed(renewed)).status).toBe(404);
    expect(await status()).toEqual({ active: false, createdAt: null });
    expect((await stop()).status).toBe(204);
  });

  it('drops the feed when the rider leaves Elite or is deleted', async () => {
    const service = harness.api.app.get(WorkoutExportService);
    const left = newUserId();
    const { url } = await service.resetCalendarFeed(left, 'elite');
    await harness.db.transaction((manager) => service.onTierChanged(manager, left, 'elite'));
    expect((await readFeed(url)).status).toBe(200);
    await harness.db.transaction((manager) => service.onTierChanged(manager, left, 'pro'));
    expect((await readFeed(url)).status).toBe(404);

    const deleted = newUserId();
    const second = await service.resetCalendarFeed(deleted, 'elite');
    await harness.db.transaction((manager) => service.deleteAllForUser(manager, deleted));
    expect((await readFeed(second.url)).status).toBe(404);
  });
});
