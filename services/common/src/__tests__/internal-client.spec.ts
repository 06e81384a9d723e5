import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { INTERNAL_HEADERS } from '@domestique/proto';
import { verifyIdentity } from '../identity/internal-token.js';
import { InternalClient } from '../internal/internal-client.js';
import { runWithContext } from '../logging/request-context.js';

const SECRET = 'internal-client-test-secret-0123456789abcdef';
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
let server: Server;
let client: InternalClient;

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const handler = routes.get(`${req.method} ${req.url}`);
      if (handler) handler(req, res, body);
      else json(res, 404, { message: 'Nope' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new InternalClient({
    caller: 'admin',
    baseUrl: `http://127.0.0.1:${port}`,
    secret: SECRET,
    timeoutMs: 300,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const Counts = z.object({ counts: z.record(z.string(), z.number()) });

describe('InternalClient', () => {
  it('sends a signed system identity, the correlation id and the JSON body, and validates the answer', async () => {
    let seen: { identity: unknown; correlation: unknown; body: unknown } | undefined;
    routes.set('POST /internal/counts', (req, res, body) => {
      void verifyIdentity(String(req.headers[INTERNAL_HEADERS.identity]), SECRET).then((identity) => {
        seen = { identity, correlation: req.headers[INTERNAL_HEADERS.correlationId], body: JSON.parse(body) };
        json(res, 200, { counts: { a: 2 } });
      });
    });
    const answer = await runWithContext({ correlationId: 'corr-1' }, () =>
      client.request({ method: 'POST', path: '/internal/counts', body: { ids: ['a'] }, schema: Counts }),
    );
    expect(answer).toEqual({ counts: { a: 2 } });
    expect(seen).toEqual({
      identity: { role: 'system', service: 'admin' },
      correlation: 'corr-1',
      body: { ids: ['a'] },
    });
  });

  it("passes the called service's 4xx through with its status and message", async () => {
    await expect(client.request({ path: '/missing', schema: Counts })).rejects.toMatchObject({
      status: 404,
      message: 'Nope',
    });
  });

  it('turns a 5xx, a broken contract and a timeout into a 503', async () => {
    routes.set('GET /boom', (_req, res) => json(res, 500, { message: 'stack trace here' }));
    routes.set('GET /wrong', (_req, res) => json(res, 200, { counts: 'many' }));
    routes.set('GET /slow', (_req, res) => setTimeout(() => json(res, 200, { counts: {} }), 1_000));
    for (const path of ['/boom', '/wrong', '/slow']) {
      await expect(client.request({ path, schema: Counts })).rejects.toMatchObject({ status: 503 });
    }
  });
});
