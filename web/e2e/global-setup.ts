import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { localEnv } from '../../infra/dev/env.mjs';
import { ensureInfrastructure } from '../../infra/dev/infra.mjs';
import {
  createScratchDatabase,
  deleteRedisPrefix,
  dropScratchDatabase,
  scratchRedisPrefix,
} from '../../infra/dev/scratch.mjs';
import { startStack, withFreePorts } from '../../infra/dev/stack.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
/** Starts the system for the end-to-end run on a fresh database; the returned function tears it down. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const base = localEnv();
  await ensureInfrastructure({ DATABASE_URL: base.DATABASE_URL!, REDIS_URL: base.REDIS_URL! });
  const { name: database, url: databaseUrl } = await createScratchDatabase('e2e');
  const prefix = scratchRedisPrefix('e2e');
  const env = await withFreePorts({
    ...base,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: prefix,
    WEB_DIST: join(ROOT, 'web/dist'),
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_ITERATIONS: '1',
    // one simulator athlete backs one rider: enough for every spec that connects Strava, each with
    // a short history, and Strava's limits raised so every spec's imports (streams included) finish
    // within its test (the rate limiting itself is tested against the simulator in integration)
    STRAVA_SIM_ATHLETES: '14',
    STRAVA_SIM_ACTIVITIES: '24,26,28,30,32,34,36,38,40,42,44,46,48,50',
    STRAVA_SIM_RATE_LIMIT: '6000,60000',
    STRAVA_SIM_READ_RATE_LIMIT: '3000,30000',
    STRAVA_RATE_LIMIT: '6000,60000',
    STRAVA_READ_RATE_LIMIT: '3000,30000',
    // every spec signs in as the one configured admin: the production allowance (5 per account in
    // 15 minutes) would lock it out mid-run; security.e2e.ts proves the throttle at this limit
    THROTTLE_ADMIN_LOGIN_PER_ACCOUNT: '100',
  });
  const logDir = process.env.E2E_LOG_DIR ?? join(ROOT, 'test-results/e2e-logs');
  mkdirSync(logDir, { recursive: true });
  const stack = await startStack({ env, logs: 'files', logDir, timeoutMs: 120_000 });
  process.env.E2E_BASE_URL = stack.gatewayUrl;
  process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  process.env.E2E_REDIS_PREFIX = prefix;
  process.env.E2E_REDIS_URL = env.REDIS_URL;
  process.env.E2E_ENV = JSON.stringify(env);

  return async () => {
    await stack.stop();
    if (!process.env.KEEP_TEST_DATABASE) await dropScratchDatabase(database);
    await deleteRedisPrefix(env.REDIS_URL!, prefix);
  };
}
