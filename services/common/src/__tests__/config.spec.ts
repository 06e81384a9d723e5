import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { baseEnvSchema, ConfigError, emptyMeans, parseConfig, portVar } from '../config/load-config.js';

const schema = baseEnvSchema.extend({ SOME_PORT: portVar(4000) });
const valid = {
  DATABASE_URL: 'postgres://u@h:5432/d',
  REDIS_URL: 'redis://h:6379',
  INTERNAL_JWT_SECRET: 'x'.repeat(32),
};

describe('configuration', () => {
  it('applies defaults and coerces numbers', () => {
    expect(parseConfig('svc', schema, valid)).toMatchObject({
      SOME_PORT: 4000,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      REDIS_PREFIX: 'dq',
    });
    expect(parseConfig('svc', schema, { ...valid, SOME_PORT: '5000' }).SOME_PORT).toBe(5000);
  });

  it('reports every problem at once, never printing secret values', () => {
    let error: ConfigError | undefined;
    try {
      parseConfig('svc', schema, {
        DATABASE_URL: 'mysql://x',
        INTERNAL_JWT_SECRET: 'short-secret-value',
        SOME_PORT: 'abc',
      });
    } catch (caught) {
      error = caught as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = error!.problems.map((problem) => problem.split(':')[0]);
    expect(keys).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'INTERNAL_JWT_SECRET', 'SOME_PORT']),
    );
    expect(error!.message).not.toContain('short-secret-value');
    expect(error!.message).toContain('got "abc"');
  });

  it('treats empty values as unset', () => {
    expect(parseConfig('svc', schema, { ...valid, SOME_PORT: '' }).SOME_PORT).toBe(4000);
  });

  describe('a variable whose empty value means something (emptyMeans)', () => {
    // as billing's LANDING_PROMO_CODE: a default applied before the checks, a transform after them
    const withCode = baseEnvSchema.extend({
      SOME_PORT: portVar(4000),
      CODE: emptyMeans('none', z.string().toUpperCase().optional()),
    });
    const wrapped = z
      .preprocess(
        (env) =>
          (env as { CODE?: string }).CODE === undefined ? { ...(env as object), CODE: 'DEFAULT' } : env,
        withCode.superRefine(() => undefined),
      )
      .transform(({ CODE, ...rest }) => ({ ...rest, CODE: CODE === 'NONE' ? null : CODE }));

    it('takes an explicitly empty value as that meaning, through preprocess and transform', () => {
      expect(parseConfig('svc', wrapped, { ...valid, CODE: '' }).CODE).toBeNull();
      expect(parseConfig('svc', withCode, { ...valid, CODE: '' }).CODE).toBe('NONE');
    });

    it('leaves unset and set values as they were', () => {
      expect(parseConfig('svc', wrapped, valid).CODE).toBe('DEFAULT');
      expect(parseConfig('svc', wrapped, { ...valid, CODE: undefined }).CODE).toBe('DEFAULT');
      expect(parseConfig('svc', wrapped, { ...valid, CODE: 'launch' }).CODE).toBe('LAUNCH');
    });

    it('keeps every other empty variable unset', () => {
      const config = parseConfig('svc', wrapped, { ...valid, CODE: '', SOME_PORT: '', REDIS_PREFIX: '' });
      expect(config).toMatchObject({ SOME_PORT: 4000, REDIS_PREFIX: 'dq', CODE: null });
    });
  });
});
