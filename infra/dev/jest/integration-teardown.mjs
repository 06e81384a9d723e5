// Drops the run's database and deletes its Redis keys.
import { deleteRedisPrefix, dropScratchDatabase } from '../scratch.mjs';

export default async () => {
  const name = process.env.TEST_DATABASE_NAME;
  if (name && !process.env.KEEP_TEST_DATABASE) await dropScratchDatabase(name);
  const prefix = process.env.TEST_REDIS_PREFIX;
  if (prefix) await deleteRedisPrefix(process.env.TEST_REDIS_URL, prefix);
};
