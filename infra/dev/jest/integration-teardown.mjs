// Drops the run's database and deletes its Redis keys.
import { Redis } from 'ioredis';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async () => {
  const name = process.env.TEST_DATABASE_NAME;
  if (name && !process.env.KEEP_TEST_DATABASE) {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    await client.end();
  }
  const prefix = process.env.TEST_REDIS_PREFIX;
  if (prefix) {
    const redis = new Redis(process.env.TEST_REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  }
};
