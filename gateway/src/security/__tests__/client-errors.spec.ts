import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { answerClientErrors } from '../client-errors.js';

/** A real HTTP server with the handler: what Node's parser refuses still gets a JSON `{ message }`. */
describe('answers what the HTTP parser refuses with a JSON message', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('reached the app'));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; type?: string; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('a URL past the header limit: 431 with a message, not an empty body', async () => {
    const answer = await get(`/api/dashboard/stats?tz=${'x'.repeat(100_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request line or headers are too large' });
  });

  it('headers past the limit: the same 431', async () => {
    const answer = await get('/api/auth/me', { 'x-padding': 'y'.repeat(20_000) });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request line or headers are too large' });
  });

  it('a broken request line: 400 with a message', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'Malformed HTTP request' });
  });

  it('a normal request still reaches the app', async () => {
    expect(await get('/health')).toMatchObject({ status: 200, body: 'reached the app' });
  });
});
