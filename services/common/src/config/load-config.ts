import { z } from 'zod';
import { trustProxyVar } from './trust-proxy.js';

// the production secret checks that wrap every process's schema, exported with the rest of the config
export * from './production-secrets.js';

/** Variables every backend process reads. Service schemas extend this. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ error: 'must be a postgres:// URL' })
    .startsWith('postgres', 'must be a postgres:// URL'),
  REDIS_URL: z.url({ error: 'must be a redis:// URL' }).startsWith('redis', 'must be a redis:// URL'),
  /** HMAC key shared by the gateway and the services for the signed internal identity */
  INTERNAL_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** namespace of every Redis key (queues, sessions, limits), so systems can share one Redis */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, 'lower-case letters, digits, - and _ only')
    .default('dq'),
  /** whose X-Forwarded-For is believed (see trust-proxy.ts); unset: none in production, loopback locally */
  TRUST_PROXY: trustProxyVar,
  /**
   * connections this process's PostgreSQL pool may open; keep (processes x pool) under PostgreSQL's
   * max_connections minus its reserve (docs/operations.md, "Database connections")
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * bearer token Prometheus sends to read /metrics; unset: the gateway does not serve /metrics (404)
   * and the internal ports (services, workers) answer whoever reaches them
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export const portVar = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const booleanVar = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** The variables whose empty value is a value of its own (see emptyMeans). */
const EMPTY_MEANS = new WeakMap<z.ZodType, string>();

/**
 * Marks a variable whose explicitly empty value (`FOO=`) means `value` (such as "none") instead of
 * "unset, use the default": wrap the variable's whole schema as it stands in the object (after
 * `.optional()` or `.default()`). Every other variable keeps treating empty as unset.
 */
export const emptyMeans = <T extends z.ZodType>(value: string, schema: T): T => {
  EMPTY_MEANS.set(schema, value);
  return schema;
};

/** The marked variables of a process's schema: its object's fields, through preprocess, refine and transform pipes. */
const emptyMeanings = (schema: z.ZodType, found = new Map<string, string>()): Map<string, string> => {
  const def = schema._zod.def as {
    type: string;
    in?: z.ZodType;
    out?: z.ZodType;
    shape?: Record<string, z.ZodType>;
  };
  if (def.type === 'pipe') {
    emptyMeanings(def.in!, found);
    emptyMeanings(def.out!, found);
  } else if (def.type === 'object') {
    for (const [name, field] of Object.entries(def.shape!)) {
      const meaning = EMPTY_MEANS.get(field);
      if (meaning !== undefined) found.set(name, meaning);
    }
  }
  return found;
};

/** Parses the environment, collecting every problem before failing. */
export const parseConfig = <S extends z.ZodType>(service: string, schema: S, env: Env): z.infer<S> => {
  // Empty strings count as unset, so `FOO=` in a .env file falls back to the default; a variable
  // marked with emptyMeans takes its meaning instead.
  const meanings = emptyMeanings(schema);
  const cleaned = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]): [string, string][] => {
      if (value === undefined) return [];
      if (value !== '') return [[name, value]];
      const meaning = meanings.get(name);
      return meaning === undefined ? [] : [[name, meaning]];
    }),
  );
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.join('.') || '(root)';
    const value = key in cleaned && !/SECRET|KEY|PASSWORD|TOKEN/i.test(key) ? ` (got "${cleaned[key]}")` : '';
    return `${key}: ${issue.message}${value}`;
  });
  throw new ConfigError(service, problems);
};

/**
 * Loads a process's configuration once, at boot. On any problem it prints all of them and exits
 * non-zero: a process never starts half-configured. This is the only reader of process.env.
 */
export const loadConfig = <S extends z.ZodType>(
  service: string,
  schema: S,
  env: Env = process.env,
): z.infer<S> => {
  try {
    return parseConfig(service, schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee ${service}/.env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
};

/** DI token for a process's parsed configuration. */
export const CONFIG = Symbol.for('domestique.config');
export type BaseConfig = z.infer<typeof baseEnvSchema>;
