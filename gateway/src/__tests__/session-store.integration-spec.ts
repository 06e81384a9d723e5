import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createProducerRedis } from '@domestique/common';
import { testEnv } from '@domestique/common/testing';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { SessionStore } from '../sessions/session-store.js';

describe('session store (real Redis)', () => {
  let redis: Redis;
  let store: SessionStore;
  const prefix = `${testEnv().REDIS_PREFIX}-sessions`;

  beforeAll(async () => {
    redis = createProducerRedis(testEnv().REDIS_URL!);
    await new Promise((resolve) => redis.once('ready', resolve));
    store = new SessionStore(redis, prefix, { user: 3600, admin: 600 });
  });
  afterAll(() => redis.disconnect());

  it('creates opaque sessions stored under a hash, with the realm TTL', async () => {
    const userId = randomUUID();
    const id = await store.create({ kind: 'user', userId, tier: 'free' });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.get(id)).toMatchObject({ kind: 'user', userId, tier: 'free' });
    const keys = await redis.keys(`${prefix}:gw:sess:*`);
    expect(keys.some((key) => key.includes(id))).toBe(false);
    const admin = await store.create({ kind: 'admin', adminId: 'a1', username: 'root' });
    const adminKey = keys.length
      ? (await redis.keys(`${prefix}:gw:sess:*`)).find((k) => !keys.includes(k))
      : undefined;
    expect(await redis.ttl(adminKey!)).toBeLessThanOrEqual(600);
    expect(await store.get(admin)).toMatchObject({ kind: 'admin', username: 'root' });
  });

  it('ignores malformed and unknown ids', async () => {
    expect(await store.get(undefined)).toBeNull();
    expect(await store.get('../../etc')).toBeNull();
    expect(await store.get('A'.repeat(43))).toBeNull();
  });

  it('destroys one session, or every session of a user, and follows tier changes', async () => {
    const userId = randomUUID();
    const first = await store.create({ kind: 'user', userId, tier: 'free' });
    const second = await store.create({ kind: 'user', userId, tier: 'free' });
    const other = await store.create({ kind: 'user', userId: randomUUID(), tier: 'free' });
    await store.setTierForUser(userId, 'pro');
    expect(await store.get(first)).toMatchObject({ tier: 'pro' });
    expect(await store.get(second)).toMatchObject({ tier: 'pro' });
    await store.destroy(first);
    expect(await store.get(first)).toBeNull();
    expect(await store.get(second)).not.toBeNull();
    expect(await store.destroyAllForUser(userId)).toBe(1);
    expect(await store.get(second)).toBeNull();
    expect(await store.get(other)).not.toBeNull();
  });

  it('ends every session of a user in one step, however many (index included)', async () => {
    const userId = randomUUID();
    const ids = await Promise.all(
      Array.from({ length: 1200 }, () => store.create({ kind: 'user', userId, tier: 'free' })),
    );
    expect(await store.destroyAllForUser(userId)).toBe(1200);
    expect((await Promise.all(ids.map((id) => store.get(id)))).filter(Boolean)).toEqual([]);
    expect(await redis.exists(`${prefix}:gw:user-sess:${userId}`)).toBe(0);
    expect(await store.destroyAllForUser(userId)).toBe(0);
  });
});
