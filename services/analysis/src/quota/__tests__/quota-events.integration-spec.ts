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
import { eventQueueName, type EventEnvelope } from '@domestique/proto';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AnalysisConfig } from '../../config/env.schema.js';
import { analysisService } from '../../service.js';
import { monthOf } from '../monthly-analysis-quota.js';

describe('analysis: quota records follow user events (queue -> worker -> database)', () => {
  let api: TestApi<AnalysisConfig>;
  let worker: TestWorker<AnalysisConfig>;
  let redis: Redis;
  let queues: QueueRegistry;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi(analysisService);
    worker = await startTestWorker(analysisService);
    const env = testEnv();
    redis = createProducerRedis(env.REDIS_URL!);
    queues = new QueueRegistry(redis, env.REDIS_PREFIX!);
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await queues.closeAll();
    redis.disconnect();
  });

  /** Puts an event on the analysis queue exactly as the outbox relay does. */
  const deliver = async (envelope: EventEnvelope) => {
    await queues
      .get(eventQueueName('analysis'))
      .add(envelope.name, envelope, { jobId: `${envelope.id}-${randomUUID()}` });
  };
  const registered = (userId: string, id = randomUUID()): EventEnvelope => ({
    id,
    name: 'user.registered',
    version: 1,
    occurredAt: new Date().toISOString(),
    payload: {
      userId,
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      registeredAt: new Date().toISOString(),
    },
  });
  const rowsOf = (userId: string) =>
    db.query('SELECT month::text, used FROM analysis.monthly_analysis_usage WHERE user_id = $1', [userId]);

  it('opens the quota record of a newly registered rider, once even when the event is delivered twice', async () => {
    const userId = randomUUID();
    const event = registered(userId);
    await deliver(event);
    await deliver(event);
    const rows = await eventually(async () => {
      const found = await rowsOf(userId);
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toEqual([{ month: monthOf(new Date()), used: 0 }]);
    await eventually(
      async () =>
        Number(
          (
            await db.query('SELECT count(*) FROM analysis.processed_events WHERE event_id = $1', [event.id])
          )[0].count,
        ) === 1,
    );
  });

  it('answers the monthly limit of spec section 3 for free and paid riders', async () => {
    const userId = randomUUID();
    const free = await request(api.app.getHttpServer())
      .get('/api/user/monthly-analysis-limit')
      .set(await identityHeaders({ role: 'user', userId, tier: 'free' }));
    expect(free.body).toEqual({ hasLimit: true, used: 0, limit: 5, remaining: 5, limitReached: false });
    const pro = await request(api.app.getHttpServer())
      .get('/api/user/monthly-analysis-limit')
      .set(await identityHeaders({ role: 'user', userId, tier: 'pro' }));
    expect(pro.body).toEqual({ hasLimit: false, used: 0, limit: null, remaining: null, limitReached: false });
    const anonymous = await request(api.app.getHttpServer())
      .get('/api/user/monthly-analysis-limit')
      .set(await identityHeaders({ role: 'anonymous' }));
    expect(anonymous.status).toBe(401);
  });

  it('purges a deleted rider and reports user.purged', async () => {
    const userId = randomUUID();
    await deliver(registered(userId));
    await eventually(async () => (await rowsOf(userId)).length === 1);
    await deliver({
      id: randomUUID(),
      name: 'user.deleted',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { userId, requestedBy: 'admin' },
    });
    await eventually(async () => (await rowsOf(userId)).length === 0);
    const [purged] = await db.query(
      `SELECT payload FROM analysis.outbox_events WHERE name = 'user.purged' AND payload->>'userId' = $1`,
      [userId],
    );
    expect(purged.payload).toEqual({ userId, service: 'analysis' });
  });

  it('drops a malformed event without touching the database', async () => {
    const job = await queues.get(eventQueueName('analysis')).add('user.registered', {
      id: randomUUID(),
      name: 'user.registered',
      version: 1,
      occurredAt: 'now',
      payload: { userId: 'not-a-uuid' },
    });
    await eventually(async () => (await job.getState()) === 'failed');
    const failed = await queues.get(eventQueueName('analysis')).getJob(job.id!);
    expect(failed?.failedReason).toMatch(/Malformed event/);
    expect(failed?.attemptsMade).toBe(1);
  });
});
