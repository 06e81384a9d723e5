import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { localEnv } from '../../infra/dev/env.mjs';
import { ensureInfrastructure } from '../../infra/dev/infra.mjs';
import { startStack, withFreePorts } from '../../infra/dev/stack.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withAdmin = async (fn: (client: pg.Client) => Promise<unknown>) => {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
};

/** Starts the system for the end-to-end run on a fresh database; the returned function tears it down. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const base = localEnv();
  await ensureInfrastructure({ DATABASE_URL: base.DATABASE_URL!, REDIS_URL: base.REDIS_URL! });
  const database = `domestique_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${database}"`));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;
  const prefix = `e2e-${randomBytes(4).toString('hex')}`;
  const env = await withFreePorts({
    ...base,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_PREFIX: prefix,
    WEB_DIST: join(ROOT, 'web/dist'),
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_ITERATIONS: '1',
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
    if (!process.env.KEEP_TEST_DATABASE) {
      await withAdmin(async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [database],
        );
        await client.query(`DROP DATABASE IF EXISTS "${database}"`);
      });
    }
    const redis = new Redis(env.REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  };
}
