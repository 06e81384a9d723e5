import { describe, expect, it } from '@jest/globals';
import { parseConfig } from '@domestique/common';
import { TEST_INTERNAL_SECRET } from '@domestique/common/testing';
import { authEnvSchema } from '../../config/env.schema.js';
import { GENEROUS_LIMITS } from '../../test/auth-test-kit.js';
import {
  accountKeyOf,
  clientKeyOf,
  counterKeyOf,
  RATE_LIMITED_ACTIONS,
  rateLimitsFrom,
  tooManyAttemptsMessage,
} from '../rate-limits.js';

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
    expect(limits.login).toEqual({ perIp: 7, perAccount: 3, windowMs: 60_000, accountField: 'email' });
    expect(limits['forgot-password']).toEqual({
      perIp: 10,
      perAccount: 1,
      windowMs: 3_600_000,
      accountField: 'email',
    });
    expect(limits['admin-login']).toEqual({
      perIp: 10,
      perAccount: 5,
      windowMs: 900_000,
      accountField: 'username',
    });
    expect(limits.register).toEqual({ perIp: 10, perAccount: 5, windowMs: 3_600_000, accountField: 'email' });
  });

  it('the test kit’s generous limits name real variables', () => {
    const limits = rateLimitsFrom(parseConfig('auth', authEnvSchema, { ...BASE_ENV, ...GENEROUS_LIMITS }));
    for (const action of RATE_LIMITED_ACTIONS) {
      expect(limits[action].perIp).toBe(100000);
      expect(limits[action].perAccount).toBe(100000);
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

  it.each([
    [900, 'Too many attempts. Please try again in 15 minutes.'],
    [61, 'Too many attempts. Please try again in 2 minutes.'],
    [60, 'Too many attempts. Please try again in 1 minute.'],
    [1, 'Too many attempts. Please try again in 1 minute.'],
    [0, 'Too many attempts. Please try again in 1 minute.'],
  ])('says how long to wait for %i seconds', (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});
