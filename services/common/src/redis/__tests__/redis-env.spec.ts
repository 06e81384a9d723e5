import { describe, expect, it } from '@jest/globals';
import { baseEnvSchema, ConfigError, parseConfig } from '../../config/load-config.js';
import { parseHostPort } from '../redis-env.js';

const valid = {
  DATABASE_URL: 'postgres://u@h:5432/d',
  REDIS_URL: 'redis://:secret@h:6379',
  INTERNAL_JWT_SECRET: 'x'.repeat(32),
};

const parse = (env: Record<string, string>) => parseConfig('svc', baseEnvSchema, { ...valid, ...env });

/** The boot report's lines for a configuration that must not boot. */
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    parse(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('Redis configuration (REDIS_MODE)', () => {
  it('stays standalone on REDIS_URL with the plain prefix by default', () => {
    expect(parse({})).toMatchObject({
      REDIS_MODE: 'standalone',
      REDIS_URL: 'redis://:secret@h:6379',
      REDIS_PREFIX: 'dq',
    });
    expect(parse({}).REDIS_SENTINELS).toBeUndefined();
  });

  it('parses the sentinels and the master name', () => {
    const config = parse({
      REDIS_MODE: 'sentinel',
      REDIS_SENTINELS: 'sentinel-1:26379, sentinel-2:26380,[::1]:26381',
      REDIS_SENTINEL_NAME: 'mymaster',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
    });
    expect(config.REDIS_SENTINELS).toEqual([
      { host: 'sentinel-1', port: 26379 },
      { host: 'sentinel-2', port: 26380 },
      { host: '::1', port: 26381 },
    ]);
    expect(config).toMatchObject({
      REDIS_SENTINEL_NAME: 'mymaster',
      REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
    });
  });

  it('refuses a malformed sentinel list at boot, naming the bad entry', () => {
    for (const bad of ['sentinel-1', 'sentinel-1:26379,', 'sentinel-1:http', 'host:70000', 'a b:1']) {
      const problems = problemsOf({ REDIS_MODE: 'sentinel', REDIS_SENTINELS: bad, REDIS_SENTINEL_NAME: 'm' });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^REDIS_SENTINELS: must be a comma-separated host:port list, e\.g\. .* \(bad entry ".*"\)/,
      );
    }
  });

  it('requires the sentinels and the master name in sentinel mode, together with every other problem', () => {
    expect(problemsOf({ REDIS_MODE: 'sentinel', DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL: must be a postgres:// URL (got "mysql://x")',
      'REDIS_SENTINELS: is required when REDIS_MODE=sentinel',
      'REDIS_SENTINEL_NAME: is required when REDIS_MODE=sentinel',
    ]);
  });

  it('requires the nodes and a hash-tagged prefix in cluster mode', () => {
    expect(problemsOf({ REDIS_MODE: 'cluster' })).toEqual([
      'REDIS_CLUSTER_NODES: is required when REDIS_MODE=cluster',
      expect.stringMatching(/^REDIS_PREFIX: must be a hash tag when REDIS_MODE=cluster, e\.g\. \{dq\}/),
    ]);
    expect(
      problemsOf({ REDIS_MODE: 'cluster', REDIS_CLUSTER_NODES: 'r0:6379', REDIS_PREFIX: 'prod' }),
    ).toEqual([
      expect.stringMatching(/^REDIS_PREFIX: must be a hash tag .* e\.g\. \{prod\}.* \(got "prod"\)$/),
    ]);
    const config = parse({
      REDIS_MODE: 'cluster',
      REDIS_CLUSTER_NODES: 'r0:6379,r1:6379',
      REDIS_PREFIX: '{prod}',
    });
    expect(config.REDIS_CLUSTER_NODES).toEqual([
      { host: 'r0', port: 6379 },
      { host: 'r1', port: 6379 },
    ]);
    expect(config.REDIS_PREFIX).toBe('{prod}');
  });

  it('accepts a hash-tagged prefix in every mode but no other braces', () => {
    expect(parse({ REDIS_PREFIX: '{dq}' }).REDIS_PREFIX).toBe('{dq}');
    for (const bad of ['{dq', 'dq}', '{}', '{d}q', 'a{b}', '{{dq}}', 'DQ']) {
      expect(problemsOf({ REDIS_PREFIX: bad })).toEqual([
        `REDIS_PREFIX: lower-case letters, digits, - and _ only, optionally in one {hash tag} (got "${bad}")`,
      ]);
    }
  });

  it('refuses an unknown mode', () => {
    expect(problemsOf({ REDIS_MODE: 'replicated' })[0]).toMatch(
      /^REDIS_MODE: .*standalone.*sentinel.*cluster/,
    );
  });
});

describe('parseHostPort', () => {
  it('reads host names, IPv4 and bracketed IPv6 with a port', () => {
    expect(parseHostPort('redis-0.redis:6379')).toEqual({ host: 'redis-0.redis', port: 6379 });
    expect(parseHostPort(' 10.0.0.7:7000 ')).toEqual({ host: '10.0.0.7', port: 7000 });
    expect(parseHostPort('[fe80::1]:6379')).toEqual({ host: 'fe80::1', port: 6379 });
  });

  it('refuses what is not host:port', () => {
    for (const bad of [
      '',
      'redis',
      ':6379',
      'redis:',
      'redis:0',
      'redis:65536',
      'fe80::1:6379',
      'redis://h:1',
    ])
      expect(parseHostPort(bad)).toBeUndefined();
  });
});
