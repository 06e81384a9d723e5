import { describe, expect, it } from '@jest/globals';
import { LOCAL_SECRETS, parseConfig, type ConfigError } from '@domestique/common';
import { LANDING_PROMO_CODE } from '@domestique/proto';
import { randomBytes } from 'node:crypto';
import { billingEnvSchema } from '../env.schema.js';

const base = {
  DATABASE_URL: 'postgres://u@h:5432/d',
  REDIS_URL: 'redis://h:6379',
  INTERNAL_JWT_SECRET: randomBytes(32).toString('hex'),
};
/** What an operator sets in production: generated values (the simulator takes any). */
const production = {
  ...base,
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(24).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
};
const problems = (env: Record<string, string>): string[] => {
  try {
    parseConfig('billing', billingEnvSchema, env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('billing configuration', () => {
  it("defaults to the Stripe simulator's secrets locally and accepts them there", () => {
    expect(parseConfig('billing', billingEnvSchema, base)).toMatchObject({
      STRIPE_SECRET_KEY: LOCAL_SECRETS.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET,
    });
    expect(
      problems({
        ...base,
        NODE_ENV: 'test',
        INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
        STRIPE_SECRET_KEY: LOCAL_SECRETS.STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET,
      }),
    ).toEqual([]);
  });

  it('refuses every committed secret in production at once, printing none of them', () => {
    const found = problems({
      ...production,
      INTERNAL_JWT_SECRET: LOCAL_SECRETS.INTERNAL_JWT_SECRET,
      STRIPE_SECRET_KEY: LOCAL_SECRETS.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET,
    });
    expect(found.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'INTERNAL_JWT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    for (const problem of found) expect(problem).toContain('committed example value');
    expect(found.join('\n')).not.toMatch(/domestique_local|local-development/);
  });

  it.each([
    ['sk_test_integration_0123456789', 'whsec_integration_0123456789'],
    ['sk_test_simulator_spec', 'whsec_test_secret'],
  ])('refuses the test fixtures %s and %s in production', (key, secret) => {
    expect(problems({ ...production, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: is a committed example value/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: is a committed example value/),
    ]);
  });

  it('has no default in production and refuses short secrets there', () => {
    expect(problems({ ...base, NODE_ENV: 'production' })).toEqual([
      'STRIPE_SECRET_KEY: is required in production',
      'STRIPE_WEBHOOK_SECRET: is required in production',
    ]);
    expect(
      problems({
        ...production,
        STRIPE_SECRET_KEY: 'sk_live_0123456789',
        STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      }),
    ).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: must be at least 32 characters in production/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: must be at least 30 characters in production/),
    ]);
  });

  it('boots in production with real-looking secrets', () => {
    expect(problems(production)).toEqual([]);
  });

  describe('LANDING_PROMO_CODE', () => {
    const landing = (env: Record<string, string>) =>
      (parseConfig('billing', billingEnvSchema, env) as { LANDING_PROMO_CODE: string | null })
        .LANDING_PROMO_CODE;

    it("defaults to the landing banner's code outside production, and to none in production", () => {
      expect(landing(base)).toBe(LANDING_PROMO_CODE);
      expect(landing({ ...base, NODE_ENV: 'test', LANDING_PROMO_CODE: '' })).toBeNull();
      expect(landing(production)).toBeNull();
      // compose hands an unset variable over as empty
      expect(landing({ ...production, LANDING_PROMO_CODE: '' })).toBeNull();
    });

    it('takes a code in any case, or none, everywhere', () => {
      expect(landing({ ...production, LANDING_PROMO_CODE: ' launch-90 ' })).toBe('LAUNCH-90');
      expect(landing({ ...base, LANDING_PROMO_CODE: 'none' })).toBeNull();
      expect(landing({ ...production, LANDING_PROMO_CODE: 'None' })).toBeNull();
    });

    it('refuses what no promo code could be', () => {
      expect(problems({ ...base, LANDING_PROMO_CODE: '90% off' })).toEqual([
        expect.stringMatching(/^LANDING_PROMO_CODE: letters, digits, - and _ only/),
      ]);
      expect(problems({ ...production, LANDING_PROMO_CODE: 'X'.repeat(41) })).toEqual([
        expect.stringMatching(/^LANDING_PROMO_CODE: must be at most 40 characters/),
      ]);
    });
  });

  describe('ELITE_ON_SALE', () => {
    const onSale = (env: Record<string, string>) =>
      parseConfig('billing', billingEnvSchema, env).ELITE_ON_SALE;

    it('is off unless set, also when left empty (compose hands unset variables over as empty)', () => {
      expect(onSale(base)).toBe(false);
      expect(onSale(production)).toBe(false);
      expect(onSale({ ...base, ELITE_ON_SALE: '' })).toBe(false);
    });

    it('takes exactly true or false', () => {
      expect(onSale({ ...base, ELITE_ON_SALE: 'true' })).toBe(true);
      expect(onSale({ ...production, ELITE_ON_SALE: 'false' })).toBe(false);
    });

    it.each(['yes', '1', 'TRUE', 'on', ' true'])('refuses %j rather than guess', (value) => {
      expect(problems({ ...base, ELITE_ON_SALE: value })).toEqual([
        `ELITE_ON_SALE: must be true or false (got "${value}")`,
      ]);
    });
  });
});
