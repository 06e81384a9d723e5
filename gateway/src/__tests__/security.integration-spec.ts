import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@domestique/common';
import { testEnv } from '@domestique/common/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createGateway, type Gateway } from '../app.js';
import { gatewayEnvSchema } from '../config/env.schema.js';

/**
 * The gateway on its own (real Redis) with every service down and the supergraph not composed: what a
 * browser gets when things go wrong carries security headers and a message, never a stack, a path
 * or a secret, and the logs carry no secret either.
 */

/** A port nothing listens on. */
const deadPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** What must never be in an answer: stack frames, source paths, error class dumps. */
const expectNoInternals = (text: string) => {
  expect(text).not.toMatch(/"stack"|\bat [\w.<>]+ \(|node:internal|\/work\/|\.ts:\d+|\.js:\d+|ECONNREFUSED/);
};

describe('gateway security with services down (real Redis)', () => {
  let gateway: Gateway;
  const logLines: string[] = [];
  const web = mkdtempSync(join(tmpdir(), 'gw-security-'));
  const PUBLIC_URL = 'http://app.domestique.test';
  const SESSION_ID = 'planted-session-id-0123456789abcdefghijklmnopq';
  let secret = '';

  beforeAll(async () => {
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app.js'), 'export {};');
    const port = await deadPort();
    const config = gatewayEnvSchema.parse({
      ...testEnv(),
      PUBLIC_URL,
      WEB_DIST: web,
      ...Object.fromEntries(
        ['AUTH_URL', 'RIDES_URL', 'ANALYSIS_URL', 'BILLING_URL', 'ADMIN_URL'].map((key) => [
          key,
          `http://127.0.0.1:${port}`,
        ]),
      ),
      BODY_LIMIT_BYTES: '2048',
    });
    secret = config.INTERNAL_JWT_SECRET;
    const logger = createLogger({
      service: 'gateway',
      level: 'debug',
      destination: { write: (line: string) => void logLines.push(line) },
    });
    gateway = createGateway(config, logger);
  });
  afterAll(async () => {
    await gateway.stop();
    rmSync(web, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (headers: Record<string, string>) => {
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-powered-by']).toBeUndefined();
  };

  it('the web app, its assets and every API answer carry the security headers, without X-Powered-By', async () => {
    const answers = [
      await request(gateway.app).get('/dashboard'),
      await request(gateway.app).get('/assets/app.js'),
      await request(gateway.app).get('/assets/missing.js'),
      await request(gateway.app).get('/api/auth/user'),
      await request(gateway.app).get('/api/no-such-path'),
      await request(gateway.app).post('/graphql').send({ query: '{ __typename }' }),
      await request(gateway.app).get('/health'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 503, 404, 503, 503]);
    for (const answer of answers) expectSecurityHeaders(answer.headers as Record<string, string>);
  });

  it('a service that is down answers 503 with a message only', async () => {
    const answer = await request(gateway.app)
      .post('/api/auth/login')
      .set('Cookie', `dq_session=${SESSION_ID}`)
      .send({ email: 'rider@example.com', password: 'a-password-never-logged' });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: 'Service temporarily unavailable. Please try again.' });
    expectNoInternals(answer.text);
  });

  it('malformed, oversized and odd requests get a 4xx message, never a stack', async () => {
    const badJson = await request(gateway.app)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send('{"query": ');
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({ message: 'Request body is not valid JSON' });

    const huge = { query: `{ __typename } #${'x'.repeat(4096)}` };
    const tooLargeGraph = await request(gateway.app).post('/graphql').send(huge);
    expect(tooLargeGraph.status).toBe(413);
    expect(tooLargeGraph.body).toEqual({ message: 'Request body is too large' });
    const tooLargeRest = await request(gateway.app).post('/api/auth/register').send(huge);
    expect(tooLargeRest.status).toBe(413);
    expect(tooLargeRest.body).toEqual({ message: 'Request body is too large' });

    const badPath = await request(gateway.app).get('/assets/%E0%A4%A.js');
    expect(badPath.status).toBeGreaterThanOrEqual(400);
    expect(badPath.status).toBeLessThan(500);
    expect(badPath.body).toHaveProperty('message');
    for (const answer of [badJson, tooLargeGraph, tooLargeRest, badPath]) expectNoInternals(answer.text);
  });

  it('refuses a cross-site write with 403 before it reaches a service; webhooks pass the check', async () => {
    const forged = await request(gateway.app)
      .post('/api/auth/logout')
      .set('Origin', 'https://evil.test')
      .set('Cookie', `dq_session=${SESSION_ID}`);
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ message: 'Cross-site request refused' });
    const graph = await request(gateway.app)
      .post('/graphql')
      .set('Origin', 'https://evil.test')
      .send({ query: 'mutation { logout }' });
    expect(graph.status).toBe(403);
    const own = await request(gateway.app).post('/api/auth/logout').set('Origin', PUBLIC_URL);
    expect(own.status).toBe(503);
    const webhook = await request(gateway.app)
      .post('/api/stripe/webhook')
      .set('Origin', 'https://stripe.example')
      .send({});
    expect(webhook.status).toBe(503);
  });

  it('health tells what is down, not why: no internal address or error text while the graph fails', async () => {
    gateway.start();
    const deadline = Date.now() + 10_000;
    while (!logLines.some((line) => line.includes('Supergraph not composed yet')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logLines.join('')).toContain('Supergraph not composed yet');
    const health = await request(gateway.app).get('/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      status: 'unavailable',
      graph: 'composing',
      services: { auth: 'down' },
    });
    expect(health.text).not.toMatch(/127\.0\.0\.1|localhost|:\d{4,5}|ECONNREFUSED|graphql/);
    expectNoInternals(health.text);
  });

  it('logs each refusal with its full path, and no secret, password or session id', () => {
    const logs = logLines.join('');
    expect(logs).toContain('Service unreachable');
    const requests = logLines.map(
      (line) => JSON.parse(line) as { msg: string; path?: string; status?: number },
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ msg: 'request', path: '/api/auth/logout', status: 403 }),
    );
    for (const value of [secret, SESSION_ID, 'a-password-never-logged']) expect(logs).not.toContain(value);
  });
});
