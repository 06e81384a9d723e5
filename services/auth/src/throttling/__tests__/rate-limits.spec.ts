import { describe, expect, it } from '@jest/globals';
import { parseConfig } from '@domestique/common';
import { TEST_INTERNAL_SECRET } from '@domestique/common/testing';
import { authEnvSchema } from '../../config/env.schema.js';
import { GENEROUS_LIMITS } from '../../test/auth-test-kit.js';
import {
  accountKeyOf,
  clientKeyOf,
  counterKeyOf,
  lockoutWaitMs,
  pairSubjectOf,
  RATE_LIMITED_ACTIONS,
  rateLimitsFrom,
  SIGN_IN_BACKOFF,
  tooManyAttemptsMessage,
  UNKNOWN_CLIENT,
} from '../rate-limits.js';
import { lockoutWaitsOf } from '../sign-in-attempts.js';

const BASE_ENV = {
  DATABASE_URL: 'postgres://localhost/x',
  REDIS_URL: 'redis://localhost:6379',
  INTERNAL_JWT_SECRET: TEST_INTERNAL_SECRET,
};

describe('rate limits', () => {
  it('reads each action’s limits and window from its THROTTLE_* variables', () => {
    const limits = rateLimitsFrom(
      parseConfig('auth', authEnvSchema, {
        ...BASE_ENV,
        THROTTLE_LOGIN_PER_IP: '7',
        THROTTLE_LOGIN_PER_ACCOUNT: '3',
        THROTTLE_LOGIN_WINDOW_SECONDS: '60',
        THROTTLE_FORGOT_PASSWORD_PER_ACCOUNT: '1',
      }),
    );
    expect(limits.login).toEqual({
      perIp: 7,
      lockout: {
        failuresPerClient: 3,
        firstWaitMs: 30_000,
        maxWaitMs: 900_000,
        forgetAfterMs: 60_000,
        accountCeiling: 100,
        ceilingWindowMs: 3_600_000,
      },
      windowMs: 60_000,
      accountField: 'email',
    });
    expect(limits['forgot-password']).toEqual({
      perIp: 10,
      perAccount: 1,
      windowMs: 3_600_000,
      accountField: 'email',
    });
    expect(limits['admin-login']).toEqual({
      perIp: 10,
      lockout: { ...SIGN_IN_BACKOFF, failuresPerClient: 5, forgetAfterMs: 900_000 },
      windowMs: 900_000,
      accountField: 'username',
    });
    expect(limits.register).toEqual({ perIp: 10, perAccount: 5, windowMs: 3_600_000, accountField: 'email' });
  });

  it('the test kit’s generous limits name real variables', () => {
    const limits = rateLimitsFrom(parseConfig('auth', authEnvSchema, { ...BASE_ENV, ...GENEROUS_LIMITS }));
    for (const action of RATE_LIMITED_ACTIONS) {
      expect(limits[action].perIp).toBe(100000);
      expect(limits[action].perAccount ?? limits[action].lockout?.failuresPerClient).toBe(100000);
    }
  });

  it('refuses a zero or non-numeric limit at boot', () => {
    expect(() => parseConfig('auth', authEnvSchema, { ...BASE_ENV, THROTTLE_LOGIN_PER_IP: '0' })).toThrow(
      'THROTTLE_LOGIN_PER_IP',
    );
    expect(() =>
      parseConfig('auth', authEnvSchema, { ...BASE_ENV, THROTTLE_REGISTER_WINDOW_SECONDS: 'soon' }),
    ).toThrow('THROTTLE_REGISTER_WINDOW_SECONDS');
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:0db8:85a3:08d3::/64'],
    ['2001:db8:85a3:8d3::1', '2001:0db8:85a3:08d3::/64'],
    ['2001:db8::1', '2001:0db8:0000:0000::/64'],
    ['::1', '0000:0000:0000:0000::/64'],
    [undefined, undefined],
    ['', undefined],
  ])('counts client %s as %s', (ip, key) => {
    expect(clientKeyOf(ip)).toBe(key);
  });

  it('puts every address of one IPv6 /64 in one count, and different /64s apart', () => {
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe(clientKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKeyOf('2001:db8:1:2::1')).not.toBe(clientKeyOf('2001:db8:1:3::1'));
  });

  it.each([
    [{ email: '  Rider@Example.COM ' }, 'email', 'rider@example.com'],
    [{ username: ' Chief ' }, 'username', 'chief'],
    [{ email: 42 }, 'email', undefined],
    [{ email: '   ' }, 'email', undefined],
    [{}, 'email', undefined],
    [null, 'email', undefined],
    ['rider@example.com', 'email', undefined],
    [{ username: 'chief' }, 'email', undefined],
  ] as const)('reads the account of %j (%s) as %s', (payload, field, key) => {
    expect(accountKeyOf(payload, field)).toBe(key);
  });

  it('keys counters by action, scope and subject, with no email or address in clear', () => {
    const key = counterKeyOf('login', 'account', 'rider@example.com');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain('rider');
    expect(counterKeyOf('login', 'account', 'rider@example.com')).toBe(key);
    expect(counterKeyOf('register', 'account', 'rider@example.com')).not.toBe(key);
    expect(counterKeyOf('login', 'ip', 'rider@example.com')).not.toBe(key);
  });

  it('keys each (account, client) pair apart, a call with no client as one shared client', () => {
    const pair = (account: string, client: string | undefined) =>
      counterKeyOf('login', 'pair', pairSubjectOf(account, client));
    expect(pair('rider@example.com', '203.0.113.9')).not.toBe(pair('rider@example.com', '203.0.113.10'));
    expect(pair('rider@example.com', '203.0.113.9')).not.toBe(pair('other@example.com', '203.0.113.9'));
    expect(pair('rider@example.com', undefined)).toBe(pair('rider@example.com', UNKNOWN_CLIENT));
    // the separator cannot be forged by an account name that ends like a client
    expect(pair('a\u0000b', 'c')).not.toBe(pair('a', 'b\u0000c'));
    expect(pair('rider@example.com', '203.0.113.9')).not.toContain('rider');
    expect(counterKeyOf('login', 'ceiling', 'rider@example.com')).not.toBe(
      counterKeyOf('login', 'account', 'rider@example.com'),
    );
  });

  describe('sign-in backoff', () => {
    const policy = { failuresPerClient: 5, firstWaitMs: 30_000, maxWaitMs: 900_000 };

    it.each([
      [0, 0],
      [4, 0],
      [5, 30_000],
      [6, 60_000],
      [7, 120_000],
      [8, 240_000],
      [9, 480_000],
      [10, 900_000],
      [11, 900_000],
      [1_000, 900_000],
      [Number.MAX_SAFE_INTEGER, 900_000],
    ])('after %i failures from one client the client waits %i ms', (failures, wait) => {
      expect(lockoutWaitMs(failures, policy)).toBe(wait);
    });

    it('waits nothing below the threshold, then doubles from the first wait to the cap', () => {
      const waits = Array.from({ length: 20 }, (_, failures) => lockoutWaitMs(failures, policy));
      for (let failures = 1; failures < waits.length; failures += 1) {
        const [before, now] = [waits[failures - 1]!, waits[failures]!];
        if (failures <= policy.failuresPerClient) continue;
        expect(now).toBe(Math.min(before * 2, policy.maxWaitMs));
      }
      expect(Math.max(...waits)).toBe(policy.maxWaitMs);
    });

    it('hands Redis the waits from the threshold until the cap, the cap last (it repeats)', () => {
      expect(lockoutWaitsOf({ ...SIGN_IN_BACKOFF, failuresPerClient: 5, forgetAfterMs: 1 })).toEqual([
        30_000, 60_000, 120_000, 240_000, 480_000, 900_000,
      ]);
      expect(
        lockoutWaitsOf({ ...SIGN_IN_BACKOFF, firstWaitMs: 900_000, failuresPerClient: 1, forgetAfterMs: 1 }),
      ).toEqual([900_000]);
      // a tiny first wait stops at a bounded list rather than doubling forever
      expect(
        lockoutWaitsOf({
          ...SIGN_IN_BACKOFF,
          firstWaitMs: 1,
          maxWaitMs: 2 ** 40,
          failuresPerClient: 1,
          forgetAfterMs: 1,
        }).length,
      ).toBeLessThanOrEqual(33);
    });

    it('keeps the account’s ceiling far above what one client may fail (10 by default)', () => {
      const limits = rateLimitsFrom(parseConfig('auth', authEnvSchema, BASE_ENV));
      for (const action of ['login', 'admin-login'] as const) {
        const lockout = limits[action].lockout!;
        expect(lockout.accountCeiling).toBeGreaterThanOrEqual(10 * lockout.failuresPerClient);
        expect(lockout.maxWaitMs).toBe(15 * 60_000);
      }
    });
  });

  it.each([
    [900, 'Too many attempts. Please try again in 15 minutes.'],
    [61, 'Too many attempts. Please try again in 2 minutes.'],
    [60, 'Too many attempts. Please try again in 1 minute.'],
    [30, 'Too many attempts. Please try again in 1 minute.'],
    [1, 'Too many attempts. Please try again in 1 minute.'],
    [0, 'Too many attempts. Please try again in 1 minute.'],
  ])('says how long to wait for %i seconds', (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});
