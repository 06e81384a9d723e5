import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  identityHeaders,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestWorker,
} from '@domestique/common/testing';
import { JobQueue } from '@domestique/common';
import { AnalysisMessages, QUEUES, type Tier } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AnalysisConfig } from '../../config/env.schema.js';
import { monthOf } from '../../quota/monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaService } from '../../quota/monthly-analysis-quota.service.js';
import { analysisService } from '../../service.js';
import { rideAnalysisJobId } from '../ride-analysis-outcome.js';
import { FakeRidesContext } from '../../test/fake-rides-context.js';

/** Ride analysis through the API, the ride-analysis queue and the worker, on real Postgres and Redis. */
describe('analysis: ride feedback (API -> queue -> worker -> database)', () => {
  let rides: FakeRidesContext;
  let api: TestApi<AnalysisConfig>;
  let worker: TestWorker<AnalysisConfig>;
  let db: DataSource;

  beforeAll(async () => {
    rides = await new FakeRidesContext().start();
    const env = { RIDES_URL: rides.url, ANALYSIS_ATTEMPTS: '1', ANALYSIS_WAIT_MS: '20000' };
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
      ['fullAnalysis', 'recommendations', 'strengths', 'summary', 'weaknesses'].sort(),
    );
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
    // each request checks the ride is the rider's before joining the one job; the worker reads nothing more
    expect(rides.calls.get(rideId)).toBe(3);
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
      query: `query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Ride { id aiFeedback { summary fullAnalysis } } } }`,
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
      { id: rideId, aiFeedback: { summary: feedback.summary, fullAnalysis: feedback.fullAnalysis } },
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
});
