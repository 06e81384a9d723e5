import { z } from 'zod';

/**
 * Production refuses the secrets this repository commits (issue 18). Every process's schema is
 * wrapped in `withProductionSecrets`, which in production reports, together with every other
 * configuration problem, each secret that is unset, too short, or equal to a committed value.
 * Outside production nothing changes: local runs and the tests use the committed values.
 */

/** The local defaults: the .env.example files, the simulators' defaults and the schemas' local defaults. */
export const LOCAL_SECRETS = {
  INTERNAL_JWT_SECRET: 'local-development-only-secret-change-me-0123456789',
  STRIPE_SECRET_KEY: 'sk_test_domestique_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_domestique_local',
  STRAVA_CLIENT_SECRET: 'domestique-local-secret',
  STRAVA_WEBHOOK_VERIFY_TOKEN: 'domestique-local-verify',
  ADMIN_PASSWORD: 'domestique-admin',
  /** the OpenAI-compatible fake's key (infra/simulators/src/openai) */
  OPENAI_API_KEY: 'sk-fake-domestique',
} as const;

/** Secrets of the committed tests and fixtures: public, so never a production value either. */
const TEST_SECRETS = [
  'test-internal-secret-0123456789-abcdefghijklmnop',
  'sk_test_integration_0123456789',
  'whsec_integration_0123456789',
  'sk_test_simulator_spec',
  'whsec_test_secret',
  'correct-horse-battery',
  'chief-password-1',
  'a-brand-new-password',
  'long-enough',
  'test-secret',
  'ab'.repeat(32),
];

/** Every committed secret value (compared exactly). */
export const COMMITTED_SECRETS: ReadonlySet<string> = new Set([
  ...Object.values(LOCAL_SECRETS),
  ...TEST_SECRETS,
]);

/** Words only a placeholder carries: an edited copy of a committed value is refused too. */
const PLACEHOLDER = /change-?me|development-only|domestique[-_]local|sk-fake/i;

export const isCommittedSecret = (value: string): boolean =>
  COMMITTED_SECRETS.has(value) || PLACEHOLDER.test(value);

export interface SecretRule {
  /** fewest characters accepted in production */
  minLength?: number;
  /** must be set in production (a secret with a `localDefault` always must) */
  required?: boolean;
  /** the value an unset variable takes outside production; production has no default */
  localDefault?: string;
  /** a further production check: the problem, or undefined */
  check?: (value: string) => string | undefined;
  /** how to make a good value, for the messages */
  hint?: string;
}

const GENERATE = 'generate one with `openssl rand -hex 32`';

/** The internal identity key, checked in every process (the gateway and each service). */
export const INTERNAL_SECRET_RULE: SecretRule = { minLength: 32, required: true, hint: GENERATE };

/**
 * The field of a secret with a local default: outside production `withProductionSecrets` fills
 * the default in before parsing, so only production ever sees it unset.
 */
export const secretVar = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required in production' : undefined) });

/** The problem with one secret's production value, or undefined when it is fine (or unset and optional). */
export const productionSecretProblem = (rule: SecretRule, value: unknown): string | undefined => {
  const hint = rule.hint ? ` (${rule.hint})` : '';
  if (value === undefined || value === '') {
    return rule.required || rule.localDefault !== undefined ? `is required in production${hint}` : undefined;
  }
  if (typeof value !== 'string') return undefined;
  if (isCommittedSecret(value)) return `is a committed example value; set your own in production${hint}`;
  if (rule.minLength !== undefined && value.length < rule.minLength)
    return `must be at least ${rule.minLength} characters in production${hint}`;
  const problem = rule.check?.(value);
  return problem === undefined ? undefined : `${problem}${hint}`;
};

type Env = Record<string, unknown>;
const isProduction = (env: unknown): boolean =>
  typeof env === 'object' && env !== null && (env as Env).NODE_ENV === 'production';

/**
 * A process's schema with the production secret checks: `rules` names the secrets it reads
 * beyond INTERNAL_JWT_SECRET. Outside production, unset secrets take their local defaults.
 */
export const withProductionSecrets = <S extends z.ZodType<{ NODE_ENV: string }>>(
  schema: S,
  rules: Record<string, SecretRule> = {},
) => {
  const all: Record<string, SecretRule> = { INTERNAL_JWT_SECRET: INTERNAL_SECRET_RULE, ...rules };
  const localDefaults = Object.fromEntries(
    Object.entries(all).flatMap(([name, rule]) =>
      rule.localDefault === undefined ? [] : [[name, rule.localDefault]],
    ),
  );
  const checked = schema.superRefine(
    (config, context) => {
      if (config.NODE_ENV !== 'production') return;
      // one problem per variable: those their own field refused (format, unset) are reported already
      const reported = new Set(context.issues.map((issue) => issue.path?.[0]));
      for (const [name, rule] of Object.entries(all)) {
        if (reported.has(name)) continue;
        const problem = productionSecretProblem(rule, (config as Env)[name]);
        if (problem) context.addIssue({ code: 'custom', path: [name], message: problem });
      }
    },
    // run even when other variables are wrong, so one boot lists every problem
    { when: () => true },
  );
  return z.preprocess((env) => (isProduction(env) ? env : { ...localDefaults, ...(env as Env) }), checked);
};
