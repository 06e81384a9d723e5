import { describe, expect, it } from '@jest/globals';
import { baseEnvSchema, ConfigError, parseConfig } from '../../config/load-config.js';
import { DEFAULT_POOL_MAX, serviceDataSourceOptions } from '../data-source.js';

const env = (extra: Record<string, string> = {}) => ({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/domestique',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_JWT_SECRET: 'x'.repeat(32),
  ...extra,
});

const poolOf = (poolSize: number | undefined) =>
  (
    serviceDataSourceOptions({
      url: 'postgres://x',
      schema: 'rides',
      entities: [],
      migrations: [],
      poolSize,
    }) as {
      extra: { max: number };
    }
  ).extra.max;

describe('DATABASE_POOL_MAX', () => {
  it('defaults to 10 connections per process', () => {
    expect(parseConfig('rides', baseEnvSchema, env()).DATABASE_POOL_MAX).toBe(10);
    expect(poolOf(undefined)).toBe(DEFAULT_POOL_MAX);
  });

  it('accepts 1 to 100 and sizes the TypeORM pool with it', () => {
    for (const size of [1, 4, 100]) {
      const config = parseConfig('rides', baseEnvSchema, env({ DATABASE_POOL_MAX: String(size) }));
      expect(poolOf(config.DATABASE_POOL_MAX)).toBe(size);
    }
  });

  it.each(['0', '101', '2.5', 'ten', '-3'])('refuses %s with the variable named', (value) => {
    expect(() => parseConfig('rides', baseEnvSchema, env({ DATABASE_POOL_MAX: value }))).toThrow(ConfigError);
    try {
      parseConfig('rides', baseEnvSchema, env({ DATABASE_POOL_MAX: value }));
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toMatch(/^DATABASE_POOL_MAX: /);
    }
  });
});
