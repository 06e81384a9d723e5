// Integration tests run against the real PostgreSQL and Redis: one fresh database and one Redis key
// prefix per run, so runs never share state (with each other or a developer's system).
import { ensureInfrastructure } from '../infra.mjs';
import { ADMIN_DATABASE_URL, createScratchDatabase, scratchRedisPrefix } from '../scratch.mjs';

export default async () => {
  await ensureInfrastructure({
    DATABASE_URL: ADMIN_DATABASE_URL,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  const { name, url } = await createScratchDatabase('test');
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_DATABASE_NAME = name;
  process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
  process.env.TEST_REDIS_PREFIX = scratchRedisPrefix('test');
};
