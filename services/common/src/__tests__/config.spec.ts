import { describe, expect, it } from '@jest/globals';
import { baseEnvSchema, ConfigError, parseConfig, portVar } from '../config/load-config.js';

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
});
