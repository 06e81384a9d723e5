import { describe, expect, it } from '@jest/globals';
import { startTestApi, testPatternClient } from '@domestique/common/testing';
import { Patterns } from '@domestique/proto';
import { spawnSync } from 'node:child_process';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
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

  it('answers message patterns once Redis comes back, when it was away at start', async () => {
    // a port nothing answers on yet; later a relay to the real Redis listens there
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((done) => probe.close(done));
    const api = await startTestApi(authService, { REDIS_URL: `redis://127.0.0.1:${port}` });
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const redis = connect(6379, '127.0.0.1');
      for (const socket of [client, redis]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
      }
      client.pipe(redis).pipe(client);
    });
    const admin = testPatternClient({ ...api.config, REDIS_URL: 'redis://127.0.0.1:6379' }, 'admin', 2_000);
    try {
      expect((await request(api.app.getHttpServer()).get('/health')).status).toBe(503);
      await new Promise<void>((done) => relay.listen(port, '127.0.0.1', done));
      let counts: unknown;
      for (let attempt = 0; attempt < 30 && counts === undefined; attempt += 1)
        counts = await admin.send(Patterns.adminTierCounts, {}).catch(() => undefined);
      expect(counts).toMatchObject({ totalUsers: expect.any(Number) });
    } finally {
      await admin.close();
      await api.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => relay.close(done));
    }
  }, 90_000);

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
