import { describe, expect, it } from '@jest/globals';
import { parseConfig, type ConfigError } from '@domestique/common';
import { ridesEnvSchema } from '../env.schema.js';

const base = {
  DATABASE_URL: 'postgres://u@h:5432/d',
  REDIS_URL: 'redis://h:6379',
  INTERNAL_JWT_SECRET: 'x'.repeat(40),
};
const problems = (env: Record<string, string>): string[] => {
  try {
    parseConfig('rides', ridesEnvSchema, env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('rides configuration', () => {
  it('starts locally with the simulator defaults and no token key', () => {
    const config = parseConfig('rides', ridesEnvSchema, base);
    expect(config).toMatchObject({
      STRAVA_CLIENT_ID: 'domestique-local',
      STRAVA_PUSH_SUBSCRIPTION: false,
      STRAVA_DELETE_RIDES_ON_REVOKE: false,
      STRAVA_SYNC_WAIT_MS: 20_000,
      STRAVA_RATE_LIMIT: '200,2000',
    });
    expect(config.STRAVA_TOKEN_KEY).toBeUndefined();
  });

  it('requires a 32-byte token key in production and rejects a malformed one anywhere', () => {
    expect(problems({ ...base, NODE_ENV: 'production' })).toEqual([
      'STRAVA_TOKEN_KEY: is required in production (32 bytes: `openssl rand -hex 32`)',
    ]);
    expect(problems({ ...base, NODE_ENV: 'production', STRAVA_TOKEN_KEY: 'ab'.repeat(32) })).toEqual([]);
    const short = problems({ ...base, STRAVA_TOKEN_KEY: 'ab'.repeat(16) });
    expect(short).toHaveLength(1);
    expect(short[0]).toMatch(/^STRAVA_TOKEN_KEY: must be 32 bytes/);
    expect(short[0]).not.toContain('abab');
  });

  it('reports bad Strava settings together', () => {
    const found = problems({
      ...base,
      STRAVA_API_URL: 'not a url',
      STRAVA_RATE_LIMIT: '200',
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'short',
      STRAVA_STREAMS_RESERVE: '2',
    });
    expect(found.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'STRAVA_API_URL',
      'STRAVA_RATE_LIMIT',
      'STRAVA_STREAMS_RESERVE',
      'STRAVA_WEBHOOK_VERIFY_TOKEN',
    ]);
  });
});
