import { describe, expect, it } from '@jest/globals';
import { LOCAL_SECRETS, parseConfig, type ConfigError } from '@domestique/common';
import { randomBytes } from 'node:crypto';
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

/** What an operator sets in production: generated values. */
const production = {
  ...base,
  NODE_ENV: 'production',
  STRAVA_CLIENT_SECRET: randomBytes(20).toString('hex'),
  STRAVA_TOKEN_KEY: randomBytes(32).toString('hex'),
  STRAVA_WEBHOOK_VERIFY_TOKEN: randomBytes(16).toString('hex'),
};
const names = (found: string[]) => found.map((problem) => problem.split(':')[0]).sort();

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
    expect(config.STRAVA_CLIENT_SECRET).toBe(LOCAL_SECRETS.STRAVA_CLIENT_SECRET);
    expect(config.STRAVA_WEBHOOK_VERIFY_TOKEN).toBe(LOCAL_SECRETS.STRAVA_WEBHOOK_VERIFY_TOKEN);
  });

  it('requires a 32-byte token key in production and rejects a malformed one anywhere', () => {
    expect(problems({ ...production, STRAVA_TOKEN_KEY: '' })).toEqual([
      'STRAVA_TOKEN_KEY: is required in production (32 bytes: `openssl rand -hex 32`)',
    ]);
    expect(problems(production)).toEqual([]);
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

  it('refuses every committed Strava secret in production at once, printing none of them', () => {
    const found = problems({
      ...base,
      NODE_ENV: 'production',
      INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
      STRAVA_CLIENT_SECRET: LOCAL_SECRETS.STRAVA_CLIENT_SECRET,
      STRAVA_TOKEN_KEY: 'ab'.repeat(32),
      STRAVA_WEBHOOK_VERIFY_TOKEN: LOCAL_SECRETS.STRAVA_WEBHOOK_VERIFY_TOKEN,
    });
    expect(names(found)).toEqual([
      'INTERNAL_JWT_SECRET',
      'STRAVA_CLIENT_SECRET',
      'STRAVA_TOKEN_KEY',
      'STRAVA_WEBHOOK_VERIFY_TOKEN',
    ]);
    for (const problem of found) expect(problem).toContain('committed example value');
    expect(found.join('\n')).not.toMatch(/domestique-local|abab/);
  });

  it('has no Strava secret defaults in production', () => {
    const { STRAVA_CLIENT_SECRET: _secret, STRAVA_WEBHOOK_VERIFY_TOKEN: _token, ...rest } = production;
    expect(problems(rest)).toEqual([
      'STRAVA_CLIENT_SECRET: is required in production',
      'STRAVA_WEBHOOK_VERIFY_TOKEN: is required in production',
    ]);
  });

  it('refuses short secrets and a hand-typed token key in production', () => {
    const found = problems({
      ...production,
      STRAVA_CLIENT_SECRET: 'a-client-secret',
      STRAVA_TOKEN_KEY: '0123456789abcdef'.repeat(4),
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me-pls',
    });
    expect(found).toEqual([
      expect.stringMatching(/^STRAVA_CLIENT_SECRET: must be at least 32 characters in production/),
      expect.stringMatching(/^STRAVA_TOKEN_KEY: must be random bytes/),
      expect.stringMatching(/^STRAVA_WEBHOOK_VERIFY_TOKEN: must be at least 16 characters in production/),
    ]);
  });

  it('accepts the committed values outside production', () => {
    expect(() =>
      parseConfig('rides', ridesEnvSchema, {
        ...base,
        NODE_ENV: 'test',
        INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
        STRAVA_CLIENT_SECRET: LOCAL_SECRETS.STRAVA_CLIENT_SECRET,
        STRAVA_TOKEN_KEY: 'ab'.repeat(32),
      }),
    ).not.toThrow();
  });
});
