import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  eventually,
  identityHeaders,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestWorker,
} from '@domestique/common/testing';
import { JobQueue } from '@domestique/common';
import { AnalysisMessages, eventQueueName, QUEUES, type EventEnvelope, type Tier } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AnalysisConfig } from '../../config/env.schema.js';
import { monthOf } from '../../quota/monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaService } from '../../quota/monthly-analysis-quota.service.js';
import { analysisService } from '../../service.js';
import { rideAnalysisJobId } from '../ride-analysis-outcome.js';
import { RidesContextClient } from '../../rider-context/rides-context.client.js';
import { FakeRidesContext } from '../../test/fake-rides-context.js';

/** Ride analysis through the API, the ride-analysis queue and the worker, on real Postgres and Redis. */
describe('analysis: ride feedback (API -> queue -> worker -> database)', () => {
  let rides: FakeRidesContext;
  let api: TestApi<AnalysisConfig>;
  let worker: TestWorker<AnalysisConfig>;
  let db: DataSource;

  beforeAll(async () => {
    rides = await new FakeRidesContext().start();
    const env = { ANALYSIS_ATTEMPTS: '1', ANALYSIS_WAIT_MS: '20000' };
    api = await startTestApi(analysisService, env);
    worker = await startTestWorker(analysisService, env);
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await rides.close();
  });

  const as = (userId: string, tier: Tier = 'free') => identityHeaders({ role: 'user', userId, tier });
  const analyse = async (userId: string, rideId: string, tier: Tier = 'free', path = 'ai-feedback') =>
    request(api.app.getHttpServer())
      .post(`/api/rides/${rideId}/${path}`)
      .set(await as(userId, tier));
  const usedThisMonth = async (userId: string): Promise<number> =>
    Number(
      (
        await db.query('SELECT used FROM analysis.monthly_analysis_usage WHERE user_id = $1 AND month = $2', [
          userId,
          monthOf(new Date()),
        ])
      )[0]?.used ?? 0,
    );
  const feedbackCount = async (userId: string): Promise<number> =>
    Number(
      (await db.query('SELECT count(*) FROM analysis.ride_feedback WHERE user_id = $1', [userId]))[0].count,
    );
  const limitOf = async (userId: string) =>
    (
      await request(api.app.getHttpServer())
        .get('/api/user/monthly-analysis-limit')
        .set(await as(userId))
    ).body as { used: number; remaining: number; limitReached: boolean };

  it('analyses the rider’s ride on the worker, stores it, spends one and tells the rides service', async () => {
    const userId = randomUUID();
    const rideId = rides.addRide(userId, 'Tempo Tuesday');
    const first = await analyse(userId, rideId);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(
      ['fullAnalysis', 'outdated', 'recommendations', 'strengths', 'summary', 'weaknesses'].sort(),
    );
    expect(first.body.outdated).toBe(false);
    expect(`${first.body.summary} ${first.body.fullAnalysis}`).toContain('38.53 mi');
    expect(await usedThisMonth(userId)).toBe(1);
    const [event] = await db.query(
      `SELECT payload FROM analysis.outbox_events WHERE name = 'ride.analysed' AND payload->>'rideId' = $1`,
      [rideId],
    );
    expect(event.payload).toMatchObject({ userId, rideId });

    // answered again, by either path, without another analysis or another spend
    const again = await analyse(userId, rideId, 'free', 'analyze');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await usedThisMonth(userId)).toBe(1);
    expect(rides.calls.get(rideId)).toBe(1);
  });

  it('makes one analysis of concurrent requests for the same ride (double click)', async () => {
    const userId = randomUUID();
    const rideId = rides.addRide(userId);
    const answers = await Promise.all([1, 2, 3].map(() => analyse(userId, rideId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    // each request checks the ride is the rider's before joining the one job (a request that comes
    // after the analysis finished answers from the stored feedback without reading the ride); the
    // worker reads nothing more
    expect(rides.calls.get(rideId)).toBeGreaterThanOrEqual(1);
    expect(rides.calls.get(rideId)).toBeLessThanOrEqual(3);
    expect(await usedThisMonth(userId)).toBe(1);
    expect(await feedbackCount(userId)).toBe(1);
  });

  it('answers 404 for another rider’s ride and for an id that is not a ride', async () => {
    const owner = randomUUID();
    const rideId = rides.addRide(owner);
    const stranger = await analyse(randomUUID(), rideId);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(AnalysisMessages.rideNotFound);
    const bogus = await analyse(owner, 'not-a-ride');
    expect(bogus.status).toBe(404);
    expect(bogus.body.message).toBe(AnalysisMessages.rideNotFound);
    // concurrent identical requests for a ride that is not theirs: each a 404, none queued
    const strangerId = randomUUID();
    const together = await Promise.all(Array.from({ length: 8 }, () => analyse(strangerId, rideId)));
    expect(together.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array.from({ length: 8 }, () => [404, AnalysisMessages.rideNotFound]),
    );
    expect(
      await api.app.get(JobQueue).queue(QUEUES.rideAnalysis).getJob(rideAnalysisJobId(strangerId, rideId)),
    ).toBeUndefined();
    expect(await feedbackCount(owner)).toBe(0);
  });

  it('with 1 analysis left, 10 parallel requests for 10 rides make exactly 1 analysis; 9 get a clear 429', async () => {
    const userId = randomUUID();
    await db.query('INSERT INTO analysis.monthly_analysis_usage (user_id, month, used) VALUES ($1, $2, 4)', [
      userId,
      monthOf(new Date()),
    ]);
    const rideIds = Array.from({ length: 10 }, (_, i) => rides.addRide(userId, `Ride ${i}`));
    const answers = await Promise.all(rideIds.map((rideId) => analyse(userId, rideId)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(AnalysisMessages.monthlyLimitReached(5));
    }
    expect(await feedbackCount(userId)).toBe(1);
    expect(await usedThisMonth(userId)).toBe(5);
    expect(await limitOf(userId)).toMatchObject({ used: 5, remaining: 0, limitReached: true });

    // the next attempt is refused at once; the analysed ride is still answered, without a spend
    const next = await analyse(userId, rides.addRide(userId));
    expect(next.status).toBe(429);
    expect(next.body.message).toBe(AnalysisMessages.monthlyLimitReached(5));
    const analysedIndex = answers.findIndex((a) => a.status === 200);
    const again = await analyse(userId, rideIds[analysedIndex]!);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(ok[0]!.body);
  });

  it('spends atomically: 10 concurrent spends with 1 left use exactly 1', async () => {
    const userId = randomUUID();
    await db.query('INSERT INTO analysis.monthly_analysis_usage (user_id, month, used) VALUES ($1, $2, 4)', [
      userId,
      monthOf(new Date()),
    ]);
    const quota = api.app.get(MonthlyAnalysisQuotaService);
    const spent = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction((manager) => quota.spend(manager, userId, 'free'))),
    );
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await usedThisMonth(userId)).toBe(5);
  });

  it('starts every calendar month (UTC) afresh', async () => {
    const userId = randomUUID();
    const now = new Date();
    const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));
    await db.query('INSERT INTO analysis.monthly_analysis_usage (user_id, month, used) VALUES ($1, $2, 5)', [
      userId,
      lastMonth,
    ]);
    expect(await limitOf(userId)).toMatchObject({ used: 0, remaining: 5, limitReached: false });
    expect((await analyse(userId, rides.addRide(userId))).status).toBe(200);
    expect(await usedThisMonth(userId)).toBe(1);
    const [previous] = await db.query(
      'SELECT used FROM analysis.monthly_analysis_usage WHERE user_id = $1 AND month = $2',
      [userId, lastMonth],
    );
    expect(previous.used).toBe(5);
  });

  it('spends nothing when an analysis fails, and a retry succeeds', async () => {
    const userId = randomUUID();
    const rideId = rides.addRide(userId);
    rides.failing.add(rideId);
    // the rides service fails: the API queues the job without the facts, the worker cannot read them either
    const failed = await analyse(userId, rideId);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(AnalysisMessages.analysisFailed);
    expect(rides.calls.get(rideId)).toBe(2);
    expect(await usedThisMonth(userId)).toBe(0);
    expect(await feedbackCount(userId)).toBe(0);

    rides.failing.delete(rideId);
    const retried = await analyse(userId, rideId);
    expect(retried.status).toBe(200);
    expect(await usedThisMonth(userId)).toBe(1);
  });

  it('gives pro riders unlimited analyses', async () => {
    const userId = randomUUID();
    await db.query('INSERT INTO analysis.monthly_analysis_usage (user_id, month, used) VALUES ($1, $2, 50)', [
      userId,
      monthOf(new Date()),
    ]);
    expect((await analyse(userId, rides.addRide(userId), 'pro')).status).toBe(200);
    expect(await usedThisMonth(userId)).toBe(51);
  });

  it('adds the feedback to the federated Ride entity, only for the owner', async () => {
    const userId = randomUUID();
    const rideId = rides.addRide(userId);
    const other = rides.addRide(userId);
    const { body: feedback } = await analyse(userId, rideId, 'pro');
    const query = {
      query: `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Ride { id aiFeedback { summary fullAnalysis outdated } } } }`,
      variables: {
        representations: [
          { __typename: 'Ride', id: rideId },
          { __typename: 'Ride', id: other },
        ],
      },
    };
    const own = await request(api.app.getHttpServer())
      .post('/graphql')
      .set(await as(userId, 'pro'))
      .send(query);
    expect(own.body.data._entities).toEqual([
      {
        id: rideId,
        aiFeedback: { summary: feedback.summary, fullAnalysis: feedback.fullAnalysis, outdated: false },
      },
      { id: other, aiFeedback: null },
    ]);
    const stranger = await request(api.app.getHttpServer())
      .post('/graphql')
      .set(await as(randomUUID(), 'pro'))
      .send(query);
    expect(stranger.body.data._entities.map((e: { aiFeedback: unknown }) => e.aiFeedback)).toEqual([
      null,
      null,
    ]);
  });

  describe('ride.metrics-changed: outdated feedback is rewritten with the new numbers, free', () => {
    const rideAnalysisQueue = () => api.app.get(JobQueue).queue(QUEUES.rideAnalysis);
    /** Puts an event on the analysis queue exactly as the outbox relay does. */
    const deliver = async (envelope: EventEnvelope) =>
      api.app
        .get(JobQueue)
        .queue(eventQueueName('analysis'))
        .add(envelope.name, envelope, { jobId: `${envelope.id}-${randomUUID()}` });
    const metricsChanged = (userId: string, rideId: string): EventEnvelope => ({
      id: randomUUID(),
      name: 'ride.metrics-changed',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { userId, rideId, reason: 'settings' },
    });
    const handled = async (...events: EventEnvelope[]) =>
      eventually(
        async () =>
          Number(
            (
              await db.query('SELECT count(*) FROM analysis.processed_events WHERE event_id = ANY($1)', [
                events.map((event) => event.id),
              ])
            )[0].count,
          ) === events.length,
      );
    const stored = async (rideId: string) =>
      (
        await db.query(
          'SELECT full_analysis AS "fullAnalysis", outdated_at AS "outdatedAt" FROM analysis.ride_feedback WHERE ride_id = $1',
          [rideId],
        )
      )[0] as { fullAnalysis: string; outdatedAt: Date | null } | undefined;
    const rewriteJobs = async (userId: string, rideId: string) =>
      (await rideAnalysisQueue().getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
        (job) => job.id?.startsWith(`rewrite-${userId}-${rideId}-`),
      );
    const analysedEvents = async (rideId: string) =>
      Number(
        (
          await db.query(
            `SELECT count(*) FROM analysis.outbox_events WHERE name = 'ride.analysed' AND payload->>'rideId' = $1`,
            [rideId],
          )
        )[0].count,
      );
    /** A free rider who used 4 of 5 and analysed the ride with the 5th: the limit is reached. */
    const analysedAtLimit = async () => {
      const userId = randomUUID();
      await db.query(
        'INSERT INTO analysis.monthly_analysis_usage (user_id, month, used) VALUES ($1, $2, 4)',
        [userId, monthOf(new Date())],
      );
      const rideId = rides.addRide(userId);
      const first = await analyse(userId, rideId);
      expect(first.status).toBe(200);
      expect(await limitOf(userId)).toMatchObject({ used: 5, limitReached: true });
      return { userId, rideId, first: first.body as { fullAnalysis: string; outdated: boolean } };
    };

    it('marks the feedback outdated, answers it as it is meanwhile, then rewrites it without a spend', async () => {
      const { userId, rideId, first } = await analysedAtLimit();
      expect(first.fullAnalysis).toContain('TSS 106');
      // the rider set a lower FTP: the rides service recomputed the ride; its facts fail for now, so the rewrite waits
      rides.recompute(rideId, { intensityFactor: 0.82, tss: 143 }, { ftpWatts: 230 });
      rides.failing.add(rideId);
      const event = metricsChanged(userId, rideId);
      await deliver(event);
      await handled(event);
      expect((await stored(rideId))?.outdatedAt).toBeInstanceOf(Date);

      // asked again meanwhile: the stored feedback, flagged outdated, without a spend
      const meanwhile = await analyse(userId, rideId);
      expect(meanwhile.status).toBe(200);
      expect(meanwhile.body).toEqual({ ...first, outdated: true });
      expect(await usedThisMonth(userId)).toBe(5);

      rides.failing.delete(rideId);
      const rewritten = await eventually(async () => {
        const row = await stored(rideId);
        return row && row.outdatedAt === null ? row : undefined;
      }, 20_000);
      expect(rewritten.fullAnalysis).toContain('TSS 143');
      expect(rewritten.fullAnalysis).not.toContain('TSS 106');
      const [job] = await rewriteJobs(userId, rideId);
      expect(job?.returnvalue).toEqual({ outcome: 'rewritten' });
      // a rewrite is not a new analysis: nothing spent, no second ride.analysed
      expect(await usedThisMonth(userId)).toBe(5);
      expect(await analysedEvents(rideId)).toBe(1);
      const after = await analyse(userId, rideId);
      expect(after.body).toMatchObject({ outdated: false, fullAnalysis: rewritten.fullAnalysis });
      expect(await usedThisMonth(userId)).toBe(5);
    }, 30_000);

    it('makes one rewrite of repeated events for a ride (redeliveries and new changes alike)', async () => {
      const { userId, rideId } = await analysedAtLimit();
      rides.recompute(rideId, { tss: 151 }, { ftpWatts: 250 });
      rides.failing.add(rideId);
      const first = metricsChanged(userId, rideId);
      await deliver(first);
      // its rewrite tried once and waits to retry: later events join it
      await eventually(async () =>
        (await rewriteJobs(userId, rideId))[0]?.getState().then((s) => s === 'delayed'),
      );
      const more = [metricsChanged(userId, rideId), metricsChanged(userId, rideId)];
      await Promise.all([deliver(first), ...more.map(deliver)]);
      await handled(first, ...more);
      expect(await rewriteJobs(userId, rideId)).toHaveLength(1);

      rides.failing.delete(rideId);
      await eventually(async () => (await stored(rideId))?.outdatedAt === null, 20_000);
      const jobs = await rewriteJobs(userId, rideId);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.returnvalue).toEqual({ outcome: 'rewritten' });
      expect((await stored(rideId))?.fullAnalysis).toContain('TSS 151');
      expect(await usedThisMonth(userId)).toBe(5);
    }, 30_000);

    it('gives a change during a running rewrite a rewrite of its own, which writes last', async () => {
      const { userId, rideId } = await analysedAtLimit();
      rides.recompute(rideId, { tss: 151 }, { ftpWatts: 250 });
      let release!: () => void;
      rides.held.set(rideId, new Promise((resolve) => (release = resolve)));
      const before = rides.calls.get(rideId) ?? 0;
      const first = metricsChanged(userId, rideId);
      await deliver(first);
      // the first rewrite has read TSS 151 and waits for the answer; then the FTP changes again
      await eventually(async () => rides.calls.get(rideId) === before + 1);
      rides.recompute(rideId, { tss: 170 }, { ftpWatts: 225 });
      const second = metricsChanged(userId, rideId);
      await deliver(second);
      await handled(first, second);
      await eventually(async () => rides.calls.get(rideId) === before + 2);
      release();
      const finished = await eventually(async () => {
        const jobs = await rewriteJobs(userId, rideId);
        const states = await Promise.all(jobs.map((job) => job.getState()));
        return jobs.length === 2 && states.every((state) => state === 'completed') ? jobs : undefined;
      });
      const outcomes = await Promise.all(
        finished.map(async (job) => (await rideAnalysisQueue().getJob(job.id!))?.returnvalue),
      );
      expect(outcomes).toEqual(expect.arrayContaining([{ outcome: 'superseded' }, { outcome: 'rewritten' }]));
      expect(await stored(rideId)).toMatchObject({ outdatedAt: null });
      expect((await stored(rideId))?.fullAnalysis).toContain('TSS 170');
      expect(await usedThisMonth(userId)).toBe(5);
    }, 30_000);

    it('reads the ride’s newest facts for a rewrite, never facts a job carries', async () => {
      const { userId, rideId } = await analysedAtLimit();
      const stale = await api.app.get(RidesContextClient).readRide(userId, rideId);
      expect(stale.ride.tss).toBe(106);
      rides.recompute(rideId, { tss: 162 }, { ftpWatts: 240 });
      await db.query(
        `UPDATE analysis.ride_feedback SET outdated_at = date_trunc('milliseconds', now()) WHERE ride_id = $1`,
        [rideId],
      );
      const job = await api.app
        .get(JobQueue)
        .enqueue(
          'ride-analysis.analyse',
          { userId, rideId, tier: 'free', regenerate: true, context: stale },
          { jobId: `rewrite-${userId}-${rideId}-stale` },
        );
      expect(await job.waitUntilFinished(api.app.get(JobQueue).events(QUEUES.rideAnalysis), 20_000)).toEqual({
        outcome: 'rewritten',
      });
      expect(await stored(rideId)).toMatchObject({ outdatedAt: null });
      expect((await stored(rideId))?.fullAnalysis).toContain('TSS 162');
      expect(await usedThisMonth(userId)).toBe(5);
    }, 30_000);

    it('does nothing for a ride without feedback', async () => {
      const userId = randomUUID();
      const rideId = rides.addRide(userId);
      const event = metricsChanged(userId, rideId);
      await deliver(event);
      await handled(event);
      expect(await stored(rideId)).toBeUndefined();
      expect(await rewriteJobs(userId, rideId)).toHaveLength(0);
      expect(rides.calls.get(rideId)).toBeUndefined();
    });

    it('drops a malformed event and goes on consuming', async () => {
      const { userId, rideId } = await analysedAtLimit();
      const malformed = await api.app
        .get(JobQueue)
        .queue(eventQueueName('analysis'))
        .add('ride.metrics-changed', {
          ...metricsChanged(userId, rideId),
          payload: { userId, rideId: 'not-a-ride', reason: 'because' },
        });
      await eventually(async () => (await malformed.getState()) === 'failed');
      const failed = await api.app.get(JobQueue).queue(eventQueueName('analysis')).getJob(malformed.id!);
      expect(failed?.failedReason).toMatch(/Malformed event/);
      expect(failed?.attemptsMade).toBe(1);
      expect((await stored(rideId))?.outdatedAt).toBeNull();

      const next = metricsChanged(userId, rideId);
      await deliver(next);
      await handled(next);
      expect(await rewriteJobs(userId, rideId)).toHaveLength(1);
    });
  });
});
