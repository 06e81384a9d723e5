import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createProducerRedis, QueueRegistry } from '@domestique/common';
import {
  eventually,
  identityHeaders,
  startTestApi,
  startTestWorker,
  testEnv,
  type TestApi,
  type TestWorker,
} from '@domestique/common/testing';
import { AnalysisMessages, eventQueueName, type Tier } from '@domestique/proto';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AnalysisConfig } from '../../config/env.schema.js';
import { analysisService } from '../../service.js';
import { FakeRidesContext } from '../../test/fake-rides-context.js';
import { redFlagAnswer } from '../coach-safety.js';

describe('analysis: coach chat, and the purge of a deleted rider', () => {
  let rides: FakeRidesContext;
  let api: TestApi<AnalysisConfig>;
  let worker: TestWorker<AnalysisConfig>;
  let db: DataSource;
  let redis: Redis;
  let queues: QueueRegistry;

  beforeAll(async () => {
    rides = await new FakeRidesContext().start();
    api = await startTestApi(analysisService);
    worker = await startTestWorker(analysisService);
    db = api.app.get(DataSource);
    const env = testEnv();
    redis = createProducerRedis(env.REDIS_URL!);
    queues = new QueueRegistry(redis, env.REDIS_PREFIX!);
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await rides.close();
    await queues.closeAll();
    redis.disconnect();
  });

  const server = () => api.app.getHttpServer();
  const as = (userId: string, tier: Tier) => identityHeaders({ role: 'user', userId, tier });
  const send = async (userId: string, tier: Tier, body: unknown) =>
    request(server())
      .post('/api/coach/chat')
      .set(await as(userId, tier))
      .send(body as object);

  it('is for paid riders: a free rider gets 403 with a message on both calls', async () => {
    const userId = randomUUID();
    const list = await request(server())
      .get('/api/coach/chat')
      .set(await as(userId, 'free'));
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(AnalysisMessages.chatRequiresPaidPlan);
    const post = await send(userId, 'free', { message: 'Hello coach' });
    expect(post.status).toBe(403);
    expect(post.body.message).toBe(AnalysisMessages.chatRequiresPaidPlan);
  });

  it('refuses empty, whitespace-only and over-2,000-character messages with 400', async () => {
    const userId = randomUUID();
    for (const body of [{}, { message: '' }, { message: '   \n\t ' }]) {
      const answer = await send(userId, 'pro', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(AnalysisMessages.chatMessageEmpty);
    }
    const long = await send(userId, 'pro', { message: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(AnalysisMessages.chatMessageTooLong);
    expect((await send(userId, 'pro', { message: 'x'.repeat(2000) })).status).toBe(200);
  });

  it('answers from the rider’s own rides and keeps the conversation, newest first, a page at a time', async () => {
    const userId = randomUUID();
    const names = ['Col de la Madone', 'Box Hill Reps', 'Canal Spin'];
    for (const name of names) rides.addRide(userId, name);
    const first = await send(userId, 'elite', { message: 'How can I improve my climbing?' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String),
      message: 'How can I improve my climbing?',
      response: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(names.some((name) => first.body.response.includes(name))).toBe(true);
    const second = await send(userId, 'pro', { message: "  What's the best cadence for endurance rides?  " });
    expect(second.body.message).toBe("What's the best cadence for endurance rides?");

    const all = await request(server())
      .get('/api/coach/chat')
      .set(await as(userId, 'pro'));
    expect(all.body.map((m: { id: string }) => m.id)).toEqual([second.body.id, first.body.id]);

    const page = await request(server())
      .get('/api/coach/chat?limit=1')
      .set(await as(userId, 'pro'));
    expect(page.body.map((m: { id: string }) => m.id)).toEqual([second.body.id]);
    const cursor = page.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const older = await request(server())
      .get(`/api/coach/chat?limit=1&cursor=${cursor}`)
      .set(await as(userId, 'pro'));
    expect(older.body.map((m: { id: string }) => m.id)).toEqual([first.body.id]);
    expect(older.headers['x-next-cursor']).toBeUndefined();

    const other = await request(server())
      .get('/api/coach/chat')
      .set(await as(randomUUID(), 'pro'));
    expect(other.body).toEqual([]);
  });

  it('answers a red flag with the safety answer, before anything else, and keeps it', async () => {
    const userId = randomUUID();
    rides.addRide(userId, 'Threshold Tuesday');
    const message = 'I felt chest pain and got dizzy during hard intervals, what should I do next?';
    const answer = await send(userId, 'pro', { message });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toBe(redFlagAnswer(message));
    expect(answer.body.response).toMatch(/emergency services/);
    const kept = await request(server())
      .get('/api/coach/chat')
      .set(await as(userId, 'pro'));
    expect(kept.body.map((m: { response: string }) => m.response)).toEqual([redFlagAnswer(message)]);
  });

  it('knows the rider’s goals and trends from the rides service', async () => {
    const userId = randomUUID();
    rides.addRide(userId, 'Sunday Long Ride');
    const goals = await send(userId, 'pro', { message: 'Am I on track for my goals?' });
    expect(goals.body.response).toContain('"Ride 500 miles this summer": 180.00 of 500.00 (36%)');
    const trends = await send(userId, 'elite', { message: 'Am I getting fitter?' });
    expect(trends.body.response).toContain('power up 5% and heart-rate efficiency up 3%');
  });

  it('purges a deleted rider’s feedback, chat and quota, and reports user.purged', async () => {
    const userId = randomUUID();
    const rideId = rides.addRide(userId);
    expect(
      (
        await request(server())
          .post(`/api/rides/${rideId}/ai-feedback`)
          .set(await as(userId, 'pro'))
      ).status,
    ).toBe(200);
    expect((await send(userId, 'pro', { message: 'How often should I do interval training?' })).status).toBe(
      200,
    );
    const count = async (table: string) =>
      Number(
        (await db.query(`SELECT count(*) FROM analysis.${table} WHERE user_id = $1`, [userId]))[0].count,
      );
    expect([
      await count('ride_feedback'),
      await count('chat_messages'),
      await count('monthly_analysis_usage'),
    ]).toEqual([1, 1, 1]);
    const id = randomUUID();
    await queues.get(eventQueueName('analysis')).add(
      'user.deleted',
      {
        id,
        name: 'user.deleted',
        version: 1,
        occurredAt: new Date().toISOString(),
        payload: { userId, requestedBy: 'admin' },
      },
      { jobId: id },
    );
    await eventually(async () => (await count('chat_messages')) === 0);
    expect([await count('ride_feedback'), await count('monthly_analysis_usage')]).toEqual([0, 0]);
    const [purged] = await db.query(
      `SELECT payload FROM analysis.outbox_events WHERE name = 'user.purged' AND payload->>'userId' = $1`,
      [userId],
    );
    expect(purged.payload).toEqual({ userId, service: 'analysis' });
  });
});
