import type { RedisClient } from '../redis/redis-connection.js';
import type { DataSource } from 'typeorm';
import { pingRedis } from '../queue/redis.js';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  postgres: 'up' | 'down';
  redis: 'up' | 'down';
}

const pingPostgres = async (dataSource: DataSource, timeoutMs = 1500): Promise<boolean> => {
  if (!dataSource.isInitialized) return false;
  try {
    await Promise.race([
      dataSource.query('SELECT 1'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
};

/** This process's own dependencies: its PostgreSQL pool and its Redis connection. */
export const checkHealth = async (dataSource: DataSource, redis: RedisClient): Promise<HealthReport> => {
  const [postgresUp, redisUp] = await Promise.all([pingPostgres(dataSource), pingRedis(redis)]);
  return {
    status: postgresUp && redisUp ? 'ok' : 'unavailable',
    postgres: postgresUp ? 'up' : 'down',
    redis: redisUp ? 'up' : 'down',
  };
};
