import { describe, expect, it } from '@jest/globals';
import { startTestApi } from '@domestique/common/testing';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { authService } from '@domestique/auth/testing';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('process start-up', () => {
  it.each(['auth', 'rides', 'analysis', 'billing', 'admin'])(
    '%s refuses to start with bad configuration, naming every problem at once',
    (service) => {
      const result = spawnSync(process.execPath, [join(ROOT, `services/${service}/dist/main.js`)], {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: 'mysql://nope',
          INTERNAL_JWT_SECRET: 'too-short-secret',
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Invalid configuration for ${service}`);
      for (const key of ['DATABASE_URL', 'REDIS_URL', 'INTERNAL_JWT_SECRET'])
        expect(result.stderr).toContain(key);
      expect(result.stderr).not.toContain('too-short-secret');
    },
  );

  it('reports unhealthy (503) while Redis is unreachable, naming what is down', async () => {
    const api = await startTestApi(authService, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const answer = await request(api.app.getHttpServer()).get('/health');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ status: 'unavailable', postgres: 'up', redis: 'down' });
    } finally {
      await api.close();
    }
  });

  it('reports healthy (200) with PostgreSQL and Redis up, without an identity', async () => {
    const api = await startTestApi(authService);
    try {
      const answer = await request(api.app.getHttpServer()).get('/health');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'ok', postgres: 'up', redis: 'up' });
    } finally {
      await api.close();
    }
  });
});
