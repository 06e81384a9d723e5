import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createProducerRedis, RedisThrottlerStorage } from '@domestique/common';
import { identityHeaders, startTestApi, testEnv, type TestApi } from '@domestique/common/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AuthConfig } from '../../config/env.schema.js';
import { authService } from '../../service.js';
import { FAST_HASHING, GENEROUS_LIMITS, testIp } from '../../test/auth-test-kit.js';
import { clientKeyOf, counterKeyOf, pairSubjectOf } from '../rate-limits.js';

const LIMITS = {
  THROTTLE_LOGIN_PER_IP: '4',
  THROTTLE_LOGIN_PER_ACCOUNT: '2',
  THROTTLE_REGISTER_PER_IP: '3',
  THROTTLE_REGISTER_PER_ACCOUNT: '2',
  THROTTLE_REGISTER_WINDOW_SECONDS: '3600',
  THROTTLE_FORGOT_PASSWORD_PER_IP: '3',
  THROTTLE_FORGOT_PASSWORD_PER_ACCOUNT: '2',
  THROTTLE_ADMIN_LOGIN_PER_IP: '3',
  THROTTLE_ADMIN_LOGIN_PER_ACCOUNT: '2',
  /** its own name: counters live in the run's Redis, which other suites share */
  ADMIN_USERNAME: `chief-${randomUUID().slice(0, 8)}`,
  ADMIN_PASSWORD: 'chief-password-1',
};
const newEmail = () => `limit-${randomUUID().slice(0, 8)}@example.com`;
const TOO_MANY = { message: 'Too many attempts. Please try again in 15 minutes.', code: 'TOO_MANY_REQUESTS' };
/** the first wait of a client that failed too often for one account: 30 s */
const WAIT_A_MINUTE = {
  message: 'Too many attempts. Please try again in 1 minute.',
  code: 'TOO_MANY_REQUESTS',
};

describe('abuse protection: limits per IP, per account and per (account, client), shared through Redis', () => {
  let replicaA: TestApi<AuthConfig>;
  let replicaB: TestApi<AuthConfig>;
  let anonymous: Record<string, string>;

  beforeAll(async () => {
    replicaA = await startTestApi(authService, { ...FAST_HASHING, ...LIMITS });
    replicaB = await startTestApi(authService, { ...FAST_HASHING, ...LIMITS });
    anonymous = await identityHeaders({ role: 'anonymous' });
  }, 60_000);
  afterAll(async () => {
    await replicaA.close();
    await replicaB.close();
  });

  const via = (api: TestApi<AuthConfig>) => request(api.app.getHttpServer());
  const login = (ip: string, email: string, password = 'wrong-password', api = replicaA) =>
    via(api).post('/api/auth/login').set(anonymous).set('X-Forwarded-For', ip).send({ email, password });

  it('refuses the attempt after the per-IP limit with 429, a message and Retry-After; other IPs go on', async () => {
    const ip = testIp();
    for (let i = 0; i < 4; i += 1) expect((await login(ip, newEmail())).status).toBe(401);
    const refused = await login(ip, newEmail());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await login(testIp(), newEmail())).status).toBe(401);
  });

  it('after the failures one client may make for an account, that client waits; other clients and accounts go on', async () => {
    const email = newEmail();
    const stranger = testIp();
    expect((await login(stranger, email)).status).toBe(401);
    expect((await login(stranger, email.toUpperCase())).status).toBe(401);
    const refused = await login(stranger, ` ${email} `);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(WAIT_A_MINUTE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect((await login(testIp(), email)).status).toBe(401);
    expect((await login(stranger, newEmail())).status).toBe(401);
  });

  it('a stranger’s failures never lock the rider out: the rider’s own client signs in with the right password', async () => {
    const email = newEmail();
    const registered = await via(replicaA)
      .post('/api/auth/register')
      .set(anonymous)
      .set('X-Forwarded-For', testIp())
      .send({ email, password: 'right-password', firstName: 'A', lastName: 'B' });
    expect(registered.status).toBe(201);
    const stranger = testIp();
    expect((await login(stranger, email)).status).toBe(401);
    expect((await login(stranger, email)).status).toBe(401);
    const locked = await login(stranger, email, 'right-password');
    expect(locked.status).toBe(429);
    expect(locked.headers['x-domestique-session-grant']).toBeUndefined();

    const rider = await login(testIp(), email, 'right-password', replicaB);
    expect(rider.status).toBe(200);
    expect(rider.headers['x-domestique-session-grant']).toBeDefined();
  });

  it('holds across replicas: both count in the same Redis, under REDIS_PREFIX, without emails or IPs in clear', async () => {
    const ip = testIp();
    const email = newEmail();
    expect((await login(ip, email, 'x', replicaA)).status).toBe(401);
    expect((await login(ip, newEmail(), 'x', replicaB)).status).toBe(401);
    expect((await login(ip, newEmail(), 'x', replicaA)).status).toBe(401);
    expect((await login(ip, newEmail(), 'x', replicaB)).status).toBe(401);
    expect((await login(ip, newEmail(), 'x', replicaA)).status).toBe(429);
    expect((await login(ip, newEmail(), 'x', replicaB)).status).toBe(429);

    const redis = createProducerRedis(testEnv().REDIS_URL!, { enableOfflineQueue: true });
    try {
      const keys = await redis.keys(`${replicaA.config.REDIS_PREFIX}:throttle:*`);
      for (const name of ['login-ip', 'login-pair', 'login-ceiling']) {
        expect(keys.some((key) => key.startsWith(`${replicaA.config.REDIS_PREFIX}:throttle:${name}:`))).toBe(
          true,
        );
      }
      expect(keys.join(' ')).not.toContain(ip);
      expect(keys.join(' ')).not.toContain(email);
    } finally {
      redis.disconnect();
    }
  });

  it('REST and GraphQL share one allowance', async () => {
    const ip = testIp();
    const graphqlLogin = () =>
      via(replicaB)
        .post('/graphql')
        .set(anonymous)
        .set('X-Forwarded-For', ip)
        .send({
          query: 'mutation($i: LoginInput!) { login(input: $i) { id } }',
          variables: { i: { email: newEmail(), password: 'wrong-password' } },
        });
    expect((await login(ip, newEmail())).status).toBe(401);
    expect((await login(ip, newEmail())).status).toBe(401);
    expect((await graphqlLogin()).body.errors[0].extensions.code).toBe('AUTH_INVALID_CREDENTIALS');
    expect((await graphqlLogin()).body.errors[0].extensions.code).toBe('AUTH_INVALID_CREDENTIALS');
    const refused = await graphqlLogin();
    expect(refused.body.errors[0]).toMatchObject({
      message: TOO_MANY.message,
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(refused.body.data).toBeNull();
  });

  it('a call without X-Forwarded-For (from the gateway itself) counts per account only, as one unknown client, never as one shared IP', async () => {
    const direct = (email: string) =>
      via(replicaA).post('/api/auth/login').set(anonymous).send({ email, password: 'wrong-password' });
    for (let i = 0; i < 6; i += 1) expect((await direct(newEmail())).status).toBe(401);
    const email = newEmail();
    expect((await direct(email)).status).toBe(401);
    expect((await direct(email)).status).toBe(401);
    expect((await direct(email)).status).toBe(429);
  });

  it('limits registration per IP and per account', async () => {
    const ip = testIp();
    const register = (from: string, email: string) =>
      via(replicaA)
        .post('/api/auth/register')
        .set(anonymous)
        .set('X-Forwarded-For', from)
        .send({ email, password: 'secret12', firstName: 'A', lastName: 'B' });
    for (let i = 0; i < 3; i += 1) expect((await register(ip, newEmail())).status).toBe(201);
    expect((await register(ip, newEmail())).body).toEqual({
      message: 'Too many attempts. Please try again in 60 minutes.',
      code: 'TOO_MANY_REQUESTS',
    });

    const email = newEmail();
    expect((await register(testIp(), email)).status).toBe(201);
    expect((await register(testIp(), email)).status).toBe(409);
    expect((await register(testIp(), email)).status).toBe(429);
  });

  it('limits forgot-password per IP and per account, even for addresses without an account', async () => {
    const forgot = (from: string, email: string) =>
      via(replicaB)
        .post('/api/auth/forgot-password')
        .set(anonymous)
        .set('X-Forwarded-For', from)
        .send({ email });
    const email = newEmail();
    expect((await forgot(testIp(), email)).status).toBe(200);
    expect((await forgot(testIp(), email)).status).toBe(200);
    expect((await forgot(testIp(), email)).status).toBe(429);

    const ip = testIp();
    for (let i = 0; i < 3; i += 1) expect((await forgot(ip, newEmail())).status).toBe(200);
    expect((await forgot(ip, newEmail())).status).toBe(429);
  });

  it('limits admin sign-in per IP, and per (username, client): a stranger cannot lock the admin out', async () => {
    const adminLogin = (from: string, username: string, password = 'wrong-password') =>
      via(replicaA)
        .post('/api/admin/login')
        .set(anonymous)
        .set('X-Forwarded-For', from)
        .send({ username, password });
    const admin = LIMITS.ADMIN_USERNAME;
    const stranger = testIp();
    expect((await adminLogin(stranger, admin)).status).toBe(401);
    expect((await adminLogin(stranger, admin.toUpperCase())).status).toBe(401);
    expect((await adminLogin(stranger, admin, LIMITS.ADMIN_PASSWORD)).body).toEqual(WAIT_A_MINUTE);
    expect((await adminLogin(testIp(), admin, LIMITS.ADMIN_PASSWORD)).status).toBe(200);

    const ip = testIp();
    for (const name of ['a1', 'a2', 'a3'].map((n) => `${n}-${randomUUID().slice(0, 6)}`))
      expect((await adminLogin(ip, name)).status).toBe(401);
    expect((await adminLogin(ip, `a4-${randomUUID().slice(0, 6)}`)).status).toBe(429);
  });

  it('counts malformed attempts too (the limit runs before validation)', async () => {
    const ip = testIp();
    for (let i = 0; i < 4; i += 1) {
      const answer = await via(replicaA)
        .post('/api/auth/login')
        .set(anonymous)
        .set('X-Forwarded-For', ip)
        .send({});
      expect(answer.status).toBe(400);
    }
    expect((await login(ip, newEmail())).status).toBe(429);
  });
});

describe('sign-in lockout per (account, client) with backoff, under a per-account ceiling', () => {
  /** production's threshold (10 failures per client and account) and ceiling (100 per account and hour) */
  const FAILURES_PER_CLIENT = 10;
  const CEILING = 100;
  let api: TestApi<AuthConfig>;
  let anonymous: Record<string, string>;
  let redis: ReturnType<typeof createProducerRedis>;

  beforeAll(async () => {
    api = await startTestApi(authService, {
      ...FAST_HASHING,
      ...GENEROUS_LIMITS,
      THROTTLE_LOGIN_PER_ACCOUNT: String(FAILURES_PER_CLIENT),
      ADMIN_USERNAME: LIMITS.ADMIN_USERNAME,
      ADMIN_PASSWORD: LIMITS.ADMIN_PASSWORD,
    });
    anonymous = await identityHeaders({ role: 'anonymous' });
    redis = createProducerRedis(testEnv().REDIS_URL!, { enableOfflineQueue: true });
  }, 60_000);
  afterAll(async () => {
    redis.disconnect();
    await api.close();
  });

  const login = (ip: string, email: string, password = 'wrong-password') =>
    request(api.app.getHttpServer())
      .post('/api/auth/login')
      .set(anonymous)
      .set('X-Forwarded-For', ip)
      .send({ email, password });
  const rider = async (): Promise<string> => {
    const email = newEmail();
    const registered = await request(api.app.getHttpServer())
      .post('/api/auth/register')
      .set(anonymous)
      .set('X-Forwarded-For', testIp())
      .send({ email, password: 'right-password', firstName: 'R', lastName: 'R' });
    expect(registered.status).toBe(201);
    return email;
  };
  const statuses = async (answers: Promise<{ status: number }>[]) =>
    (await Promise.all(answers)).map((answer) => answer.status).sort();
  const times = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);
  /** As if the client's current wait had run out (its failures stay counted). */
  const waitRunsOut = async (email: string, ip: string) => {
    const key = new RedisThrottlerStorage(redis, api.config.REDIS_PREFIX).keyOf(
      'login-pair',
      counterKeyOf('login', 'pair', pairSubjectOf(email, clientKeyOf(ip))),
    );
    expect(await redis.del(`${key}:wait`)).toBe(1);
  };
  const retryAfterOf = (answer: { status: number; headers: Record<string, string> }) => {
    expect(answer.status).toBe(429);
    return Number(answer.headers['retry-after']);
  };

  it('a stranger failing 10+ times from IP A gets 429 at A; the rider at IP B signs in with the right password', async () => {
    const email = await rider();
    const [ipA, ipB] = [testIp(), testIp()];
    for (let i = 0; i < FAILURES_PER_CLIENT; i += 1) expect((await login(ipA, email)).status).toBe(401);
    for (let i = 0; i < 3; i += 1) {
      const refused = await login(ipA, email, 'right-password');
      expect(refused.body).toEqual(WAIT_A_MINUTE);
      expect(retryAfterOf(refused)).toBeGreaterThan(25);
    }
    const signedIn = await login(ipB, email, 'right-password');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.email).toBe(email);
    // the rider's success clears only the rider's own pair
    expect((await login(ipA, email, 'right-password')).status).toBe(429);
  });

  it('lets no burst of parallel attempts past a client’s allowance', async () => {
    const email = await rider();
    const ip = testIp();
    const answers = await statuses(times(FAILURES_PER_CLIENT + 6, () => login(ip, email)));
    expect(answers).toEqual([...Array<number>(FAILURES_PER_CLIENT).fill(401), ...Array<number>(6).fill(429)]);
  });

  it('doubles a client’s wait with each further failure, from 30 s up to 15 minutes', async () => {
    const email = await rider();
    const ip = testIp();
    for (let i = 0; i < FAILURES_PER_CLIENT; i += 1) expect((await login(ip, email)).status).toBe(401);
    const waits = [retryAfterOf(await login(ip, email))];
    for (let i = 0; i < 6; i += 1) {
      await waitRunsOut(email, ip);
      expect((await login(ip, email)).status).toBe(401);
      waits.push(retryAfterOf(await login(ip, email)));
    }
    const expected = [30, 60, 120, 240, 480, 900, 900];
    waits.forEach((wait, i) => {
      expect(wait).toBeLessThanOrEqual(expected[i]!);
      expect(wait).toBeGreaterThan(expected[i]! - 5);
    });
    expect((await login(ip, email)).body).toEqual(TOO_MANY);
  });

  it('a success clears the pair’s failures', async () => {
    const email = await rider();
    const ip = testIp();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < FAILURES_PER_CLIENT - 1; i += 1) expect((await login(ip, email)).status).toBe(401);
      expect((await login(ip, email, 'right-password')).status).toBe(200);
    }
    for (let i = 0; i < FAILURES_PER_CLIENT; i += 1) expect((await login(ip, email)).status).toBe(401);
    expect((await login(ip, email, 'right-password')).status).toBe(429);
  });

  it('counts no failure for an attempt whose password was never checked, nor for a success', async () => {
    const email = await rider();
    const ip = testIp();
    const malformed = () =>
      request(api.app.getHttpServer())
        .post('/api/auth/login')
        .set(anonymous)
        .set('X-Forwarded-For', ip)
        .send({ email, password: '' });
    // past both the client's allowance and the account's ceiling, had they counted
    for (let i = 0; i < CEILING + 1; i += 1) expect((await malformed()).status).toBe(400);
    for (let i = 0; i < CEILING + 1; i += 1)
      expect((await login(ip, email, 'right-password')).status).toBe(200);
    for (let i = 0; i < FAILURES_PER_CLIENT; i += 1) expect((await login(ip, email)).status).toBe(401);
    expect((await login(ip, email)).status).toBe(429);
  });

  it('refuses every client, the rider’s too, once the account reaches its ceiling of failures', async () => {
    const email = await rider();
    const clients = times(CEILING / FAILURES_PER_CLIENT, testIp);
    const answers = await statuses(
      clients.flatMap((ip) => times(FAILURES_PER_CLIENT, () => login(ip, email))),
    );
    expect(answers).toEqual(Array<number>(CEILING).fill(401));

    for (const ip of [testIp(), testIp()]) {
      const refused = await login(ip, email, 'right-password');
      expect(refused.body).toEqual({
        message: 'Too many attempts. Please try again in 60 minutes.',
        code: 'TOO_MANY_REQUESTS',
      });
      expect(retryAfterOf(refused)).toBeGreaterThan(3500);
    }
    // other accounts are not affected
    expect((await login(testIp(), await rider(), 'right-password')).status).toBe(200);
  });
});

describe('RedisThrottlerStorage', () => {
  const env = testEnv();
  const redis = createProducerRedis(env.REDIS_URL!, { enableOfflineQueue: true });
  const storage = new RedisThrottlerStorage(redis, env.REDIS_PREFIX!);
  afterAll(() => redis.disconnect());
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('counts hits in a window, blocks past the limit for the block duration, then starts afresh', async () => {
    const key = randomUUID();
    const hit = () => storage.increment(key, 400, 2, 700, 'probe');
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    const blocked = await hit();
    expect(blocked).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 1 });
    await sleep(450);
    // the window is over but the block lasts 700 ms from the third hit
    expect((await hit()).isBlocked).toBe(true);
    await sleep(350);
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps separate counts per key and per throttler name', async () => {
    const key = randomUUID();
    await storage.increment(key, 10_000, 1, 10_000, 'one');
    expect((await storage.increment(key, 10_000, 1, 10_000, 'one')).isBlocked).toBe(true);
    expect((await storage.increment(key, 10_000, 1, 10_000, 'two')).isBlocked).toBe(false);
    expect((await storage.increment(randomUUID(), 10_000, 1, 10_000, 'one')).isBlocked).toBe(false);
  });

  it('refuses with 503 when Redis cannot be reached, letting no attempt through uncounted', async () => {
    const gone = createProducerRedis(env.REDIS_URL!, { enableOfflineQueue: true });
    await gone.quit();
    await expect(
      new RedisThrottlerStorage(gone, 'x').increment('k', 1000, 5, 1000, 'n'),
    ).rejects.toMatchObject({
      status: 503,
      message: 'Service temporarily unavailable. Please try again.',
    });
  });
});
