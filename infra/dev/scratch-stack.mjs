// The whole system for one benchmark (or other throwaway run): a fresh database and Redis prefix,
// every process from the built output on free ports, logs in files. `stop()` tears it all down.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { localEnv, ROOT } from './env.mjs';
import { ensureInfrastructure } from './infra.mjs';
import {
  createScratchDatabase,
  deleteRedisPrefix,
  dropScratchDatabase,
  scratchRedisPrefix,
} from './scratch.mjs';
import { startStack, withFreePorts } from './stack.mjs';

/**
 * kind: names the database and prefix (`bench`); env: variables on top of the local defaults;
 * processes(env): the processes to start (default: all); logDir: where the logs go.
 */
export const startScratchStack = async ({
  kind = 'bench',
  env: overrides = {},
  processes,
  logDir = join(ROOT, `test-results/${kind}-logs`),
} = {}) => {
  const base = localEnv();
  await ensureInfrastructure({ DATABASE_URL: base.DATABASE_URL, REDIS_URL: base.REDIS_URL });
  const database = await createScratchDatabase(kind);
  const prefix = scratchRedisPrefix(kind);
  // the overrides come last: they win over what follows from the ports (e.g. an in-process simulator's URL)
  const env = {
    ...(await withFreePorts({
      ...base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_PREFIX: prefix,
      WEB_DIST: '',
      STRAVA_TOKEN_KEY: randomBytes(32).toString('hex'),
      STRAVA_PUSH_SUBSCRIPTION: 'false',
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_ITERATIONS: '1',
    })),
    ...overrides,
  };
  let stack;
  const stop = async () => {
    await stack?.stop();
    await dropScratchDatabase(database.name);
    await deleteRedisPrefix(env.REDIS_URL, prefix);
  };
  try {
    stack = await startStack({ env, logs: 'files', logDir, timeoutMs: 120_000, processes: processes?.(env) });
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, stack, gatewayUrl: stack.gatewayUrl, databaseUrl: database.url, logDir, stop };
};

/** p50 and p99 of a list of durations. */
export const percentiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
};

/** Runs `fn` `samples` times one after another (after 5 warm-up runs); answers p50 and p99 in ms. */
export const measure = async (fn, samples) => {
  for (let i = 0; i < 5; i += 1) await fn();
  const times = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return percentiles(times);
};
