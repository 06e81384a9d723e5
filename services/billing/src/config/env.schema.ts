import {
  baseEnvSchema,
  emptyMeans,
  LOCAL_SECRETS,
  portVar,
  secretVar,
  withProductionSecrets,
} from '@domestique/common';
import { LANDING_PROMO_CODE, PROMO_CODE_MAX_LENGTH } from '@domestique/proto';
import { z } from 'zod';

/** The value of LANDING_PROMO_CODE that turns the landing code off where it has a default. */
export const NO_LANDING_PROMO_CODE = 'none';

/**
 * Every variable the billing service reads.
 *
 * Stripe: the official SDK talks to `STRIPE_API_PROTOCOL://STRIPE_API_HOST:STRIPE_API_PORT`. The
 * committed example points it at the local Stripe simulator; leave the three unset (empty) and set
 * real `sk_test_…`/`sk_live_…` and `whsec_…` values to talk to Stripe itself.
 */
const variables = baseEnvSchema.extend({
  BILLING_HOST: z.string().default('127.0.0.1'),
  BILLING_PORT: portVar(4104),
  BILLING_WORKER_HEALTH_PORT: portVar(4204),
  STRIPE_PRICE_PRO: z.string().min(1).default('price_domestique_pro_monthly'),
  STRIPE_PRICE_ELITE: z.string().min(1).default('price_domestique_elite_monthly'),
  /**
   * Whether Elite is sold (issue 23). Off, as the spec shows it: advertised, "Coming Soon", its
   * checkout refused. On: the plans answer marks it purchasable and its checkout goes through
   * STRIPE_PRICE_ELITE. Only `true` or `false`: a setting that opens sales takes no guessed spelling.
   */
  ELITE_ON_SALE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** the simulator's locally; required in production (see billingEnvSchema) */
  STRIPE_SECRET_KEY: secretVar().regex(
    /^(sk|rk)_(test|live)_\S+$/,
    'must be a Stripe secret key (sk_test_… or sk_live_…)',
  ),
  STRIPE_WEBHOOK_SECRET: secretVar().regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)'),
  /** unset: api.stripe.com */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** how long one Stripe call may take, and how often the SDK retries a failed one */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20000),
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** the address people open; Checkout and the portal send them back here */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /**
   * The landing banner's promo code (90% off the first month), created once at boot when set
   * (promo-codes/landing-promo-code.seeder.ts). Unset: the spec's code outside production, none in
   * production; empty or `none`: none anywhere. Normalised to upper case.
   */
  LANDING_PROMO_CODE: emptyMeans(
    NO_LANDING_PROMO_CODE,
    z
      .string()
      .trim()
      .toUpperCase()
      .max(PROMO_CODE_MAX_LENGTH, `must be at most ${PROMO_CODE_MAX_LENGTH} characters`)
      .regex(/^[A-Z0-9_-]+$/, `letters, digits, - and _ only (or ${NO_LANDING_PROMO_CODE})`)
      .optional(),
  ),
});

/**
 * The billing service's configuration, validated at boot (see ../../.env.example). Locally the two
 * Stripe secrets default to the simulator's; production has no default and refuses committed or
 * short ones (real keys are far longer than these minimums).
 */
const checked = withProductionSecrets(variables, {
  STRIPE_SECRET_KEY: {
    localDefault: LOCAL_SECRETS.STRIPE_SECRET_KEY,
    minLength: 'sk_live_'.length + 24,
    hint: "your Stripe account's key; for the simulator sk_test_ and `openssl rand -hex 24`",
  },
  STRIPE_WEBHOOK_SECRET: {
    localDefault: LOCAL_SECRETS.STRIPE_WEBHOOK_SECRET,
    minLength: 'whsec_'.length + 24,
    hint: "the webhook endpoint's signing secret; for the simulator whsec_ and `openssl rand -hex 24`",
  },
});

type Env = Record<string, unknown>;

/** LANDING_PROMO_CODE's default outside production: the code the landing banner shows. */
const withLandingDefault = (env: unknown): unknown => {
  const values = (typeof env === 'object' && env !== null ? env : {}) as Env;
  return values.NODE_ENV === 'production' || values.LANDING_PROMO_CODE !== undefined
    ? values
    : { ...values, LANDING_PROMO_CODE };
};

export const billingEnvSchema = z
  .preprocess(withLandingDefault, checked)
  .transform(({ LANDING_PROMO_CODE: code, ...config }) => ({
    ...config,
    /** the landing code to create at boot; null: none */
    LANDING_PROMO_CODE: code === undefined || code === NO_LANDING_PROMO_CODE.toUpperCase() ? null : code,
  }));

export type BillingConfig = z.infer<typeof billingEnvSchema>;
