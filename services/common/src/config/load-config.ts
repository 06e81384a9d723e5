import { z } from 'zod';
import { trustProxyVar } from './trust-proxy.js';
import { redisEnvVars, redisTopologyProblems } from '../redis/redis-env.js';

// the production secret checks that wrap every process's schema, exported with the rest of the config
export * from './production-secrets.js';

export const booleanVar = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Variables every backend process reads. Service schemas extend this. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ error: 'must be a postgres:// URL' })
    .startsWith('postgres', 'must be a postgres:// URL'),
  /** REDIS_URL, REDIS_PREFIX and the topology (REDIS_MODE: standalone, sentinel, cluster) */
  ...redisEnvVars,
  /** HMAC key shared by the gateway and the services for the signed internal identity */
  INTERNAL_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
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
  /** OpenTelemetry traces (tracing/tracing.ts): off by default, so an untraced process pays nothing */
  OTEL_TRACES_ENABLED: booleanVar(false),
  /** the OTLP/HTTP collector's base URL; traces go to <endpoint>/v1/traces */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ error: 'must be an http(s):// URL' })
    .startsWith('http', 'must be an http(s):// URL')
    .default('http://127.0.0.1:4318'),
  /** this process's name in traces; unset: domestique-<process> (gateway, rides, rides-worker, ...) */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
});

export const portVar = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

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

/** A process's variables: its object's fields, through preprocess, refine and transform pipes. */
const fieldsOf = (schema: z.ZodType, found = new Map<string, z.ZodType>()): Map<string, z.ZodType> => {
  const def = schema._zod.def as {
    type: string;
    in?: z.ZodType;
    out?: z.ZodType;
    shape?: Record<string, z.ZodType>;
  };
  if (def.type === 'pipe') {
    fieldsOf(def.in!, found);
    fieldsOf(def.out!, found);
  } else if (def.type === 'object') {
    for (const [name, field] of Object.entries(def.shape!)) found.set(name, field);
  }
  return found;
};

/** The variables marked with emptyMeans, and their meanings. */
const emptyMeanings = (fields: Map<string, z.ZodType>): Map<string, string> =>
  new Map(
    [...fields].flatMap(([name, field]): [string, string][] => {
      const meaning = EMPTY_MEANS.get(field);
      return meaning === undefined ? [] : [[name, meaning]];
    }),
  );

/** Parses the environment, collecting every problem before failing. */
export const parseConfig = <S extends z.ZodType>(service: string, schema: S, env: Env): z.infer<S> => {
  // Empty strings count as unset, so `FOO=` in a .env file falls back to the default; a variable
  // marked with emptyMeans takes its meaning instead.
  const fields = fieldsOf(schema);
  const meanings = emptyMeanings(fields);
  const cleaned = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]): [string, string][] => {
      if (value === undefined) return [];
      if (value !== '') return [[name, value]];
      const meaning = meanings.get(name);
      return meaning === undefined ? [] : [[name, meaning]];
    }),
  );
  const result = schema.safeParse(cleaned);
  const issues: [string, string][] = result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.') || '(root)', issue.message]);
  // the rules between the Redis variables (a process whose schema has no REDIS_MODE reads none)
  if (fields.has('REDIS_MODE')) issues.push(...redisTopologyProblems(cleaned));
  if (result.success && issues.length === 0) return result.data;
  const problems = issues.map(([key, message]) => {
    const value = key in cleaned && !/SECRET|KEY|PASSWORD|TOKEN/i.test(key) ? ` (got "${cleaned[key]}")` : '';
    return `${key}: ${message}${value}`;
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
