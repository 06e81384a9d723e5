// Throwaway resources of one test or benchmark run: a fresh database and a Redis key prefix, so runs
// never share state with each other or with a developer's system.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';

export const ADMIN_DATABASE_URL =
  process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withAdmin = async (fn) => {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** Creates an empty database `domestique_<kind>_<random>`; returns its name and URL. */
export const createScratchDatabase = async (kind) => {
  const name = `domestique_${kind}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
};

/** Ends the database's connections and drops it. */
export const dropScratchDatabase = (name) =>
  withAdmin(async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
  });

/** A fresh Redis key prefix, e.g. `e2e-1a2b3c4d`. */
export const scratchRedisPrefix = (kind) => `${kind}-${randomBytes(4).toString('hex')}`;

/** Deletes every Redis key under `prefix:`. */
export const deleteRedisPrefix = async (redisUrl, prefix) => {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};
