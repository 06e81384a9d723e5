import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { TEST_INTERNAL_SECRET } from '../testing/index.js';
import { baseEnvSchema, ConfigError, parseConfig } from '../config/load-config.js';
import {
  COMMITTED_SECRETS,
  isCommittedSecret,
  LOCAL_SECRETS,
  secretVar,
  withProductionSecrets,
} from '../config/production-secrets.js';

/** A process reading one secret with a local default and one optional secret. */
const schema = withProductionSecrets(
  baseEnvSchema.extend({
    STRIPE_WEBHOOK_SECRET: secretVar().regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)'),
    ADMIN_PASSWORD: secretVar().optional(),
  }),
  {
    STRIPE_WEBHOOK_SECRET: { localDefault: LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET, minLength: 30 },
    ADMIN_PASSWORD: { minLength: 12 },
  },
);

const infra = { DATABASE_URL: 'postgres://u@h:5432/d', REDIS_URL: 'redis://h:6379' };
const strong = {
  ...infra,
  INTERNAL_JWT_SECRET: randomBytes(32).toString('hex'),
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  ADMIN_PASSWORD: randomBytes(18).toString('base64'),
};
const committed = {
  ...infra,
  INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
  STRIPE_WEBHOOK_SECRET: LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET,
  ADMIN_PASSWORD: LOCAL_SECRETS.ADMIN_PASSWORD,
};

/** The refused configuration's problems, or [] when it parses. */
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    parseConfig('svc', schema, env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};
const namesOf = (problems: string[]) => problems.map((problem) => problem.split(':')[0]).sort();

describe('production secrets', () => {
  it('refuses every committed value in production, naming each variable once and no value', () => {
    const problems = problemsOf({ ...committed, NODE_ENV: 'production' });
    expect(namesOf(problems)).toEqual(['ADMIN_PASSWORD', 'INTERNAL_JWT_SECRET', 'STRIPE_WEBHOOK_SECRET']);
    for (const problem of problems) expect(problem).toContain('committed example value');
    const message = (() => {
      try {
        parseConfig('svc', schema, { ...committed, NODE_ENV: 'production' });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    for (const value of Object.values(LOCAL_SECRETS)) expect(message).not.toContain(value);
  });

  it('refuses short values and edited copies of the placeholders in production', () => {
    const problems = problemsOf({
      ...strong,
      NODE_ENV: 'production',
      INTERNAL_JWT_SECRET: `${LOCAL_SECRETS.INTERNAL_JWT_SECRET}-mine`,
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      ADMIN_PASSWORD: 'eleven-char',
    });
    expect(problems.sort()).toEqual([
      'ADMIN_PASSWORD: must be at least 12 characters in production',
      'INTERNAL_JWT_SECRET: is a committed example value; set your own in production (generate one with `openssl rand -hex 32`)',
      'STRIPE_WEBHOOK_SECRET: must be at least 30 characters in production',
    ]);
  });

  it('has no default in production: an unset secret is required, reported once', () => {
    const { STRIPE_WEBHOOK_SECRET: _unset, ...rest } = strong;
    expect(problemsOf({ ...rest, NODE_ENV: 'production' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: is required in production',
    ]);
    // an optional secret may stay unset
    const { ADMIN_PASSWORD: _none, ...withoutAdmin } = strong;
    expect(problemsOf({ ...withoutAdmin, NODE_ENV: 'production' })).toEqual([]);
  });

  it('lists the secrets together with every other problem', () => {
    const problems = problemsOf({
      ...committed,
      NODE_ENV: 'production',
      DATABASE_URL: 'mysql://nope',
      REDIS_URL: '',
    });
    expect(namesOf(problems)).toEqual([
      'ADMIN_PASSWORD',
      'DATABASE_URL',
      'INTERNAL_JWT_SECRET',
      'REDIS_URL',
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('does not add a second problem to a secret its own field refused', () => {
    expect(
      problemsOf({ ...strong, NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_domestique_local x' }),
    ).toEqual(['STRIPE_WEBHOOK_SECRET: must be a webhook signing secret (whsec_…)']);
    expect(problemsOf({ ...strong, NODE_ENV: 'production', INTERNAL_JWT_SECRET: 'short' })).toEqual([
      'INTERNAL_JWT_SECRET: must be at least 32 characters',
    ]);
  });

  it('boots in production with strong values', () => {
    const config = parseConfig('svc', schema, { ...strong, NODE_ENV: 'production' });
    expect(config.STRIPE_WEBHOOK_SECRET).toBe(strong.STRIPE_WEBHOOK_SECRET);
  });

  it.each(['development', 'test'])('accepts the committed values in %s, and defaults unset ones', (env) => {
    expect(parseConfig('svc', schema, { ...committed, NODE_ENV: env })).toMatchObject({
      INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
      ADMIN_PASSWORD: LOCAL_SECRETS.ADMIN_PASSWORD,
    });
    const { STRIPE_WEBHOOK_SECRET: _unset, ...rest } = committed;
    expect(parseConfig('svc', schema, { ...rest, NODE_ENV: env }).STRIPE_WEBHOOK_SECRET).toBe(
      LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET,
    );
    // NODE_ENV unset is development
    expect(parseConfig('svc', schema, rest).STRIPE_WEBHOOK_SECRET).toBe(LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET);
  });

  it('knows the test fixtures and placeholders, not random values', () => {
    expect(COMMITTED_SECRETS.has(TEST_INTERNAL_SECRET)).toBe(true);
    expect(isCommittedSecret('please-change-me-0123456789abcdef0123')).toBe(true);
    expect(isCommittedSecret('sk_live_domestique_local_2')).toBe(true);
    expect(isCommittedSecret(randomBytes(32).toString('hex'))).toBe(false);
  });
});
