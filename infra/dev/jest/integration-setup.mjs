// Integration tests run against the real PostgreSQL and Redis: one fresh database and one Redis key
// prefix per run, so runs never share state (with each other or a developer's system).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureInfrastructure } from '../infra.mjs';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async () => {
  await ensureInfrastructure({
    DATABASE_URL: ADMIN_URL,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  const name = `domestique_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.TEST_DATABASE_NAME = name;
  process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
  process.env.TEST_REDIS_PREFIX = `test-${randomBytes(4).toString('hex')}`;
};
