import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Access } from '../identity/access.js';
import { PRODUCER_REDIS } from '../core/tokens.js';
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

export const checkHealth = async (dataSource: DataSource, redis: Redis): Promise<HealthReport> => {
  const [postgresUp, redisUp] = await Promise.all([pingPostgres(dataSource), pingRedis(redis)]);
  return {
    status: postgresUp && redisUp ? 'ok' : 'unavailable',
    postgres: postgresUp ? 'up' : 'down',
    redis: redisUp ? 'up' : 'down',
  };
};

/** `GET /health`: 200 when Postgres and Redis both answer, 503 otherwise. No identity needed. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @Access('public')
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await checkHealth(this.dataSource, this.redis);
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
