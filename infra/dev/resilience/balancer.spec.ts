import { afterEach, describe, expect, it } from '@jest/globals';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../stack.mjs';
import { balancerStats, startBalancer } from './balancer.mjs';

const servers: Server[] = [];

/** An upstream on a free port that answers its tag, the method and the body it received. */
const upstream = async (tag: string, handle?: (res: http.ServerResponse) => void): Promise<number> => {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (handle) return handle(res);
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.end(`${tag} ${req.method} ${body} ${String(req.headers['x-forwarded-for'])}`);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const balancer = async (upstreams: number[]) => {
  const port = await freePort();
  const started = await startBalancer({ name: 'test', port, upstreams });
  servers.push(started.server);
  return { url: `http://127.0.0.1:${port}`, port };
};

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('the resilience balancer', () => {
  it('sends requests to its upstreams in turn, body, cookies and client address passed on', async () => {
    const { url } = await balancer([await upstream('one'), await upstream('two')]);
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await fetch(`${url}/x`, { method: 'POST', body: `b${i}` });
      expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      answers.push(await answer.text());
    }
    expect(answers).toEqual([
      'one POST b0 127.0.0.1',
      'two POST b1 127.0.0.1',
      'one POST b2 127.0.0.1',
      'two POST b3 127.0.0.1',
    ]);
  });

  it('routes around an upstream that refuses connections, and counts it', async () => {
    const dead = await freePort();
    const { url, port } = await balancer([dead, await upstream('alive')]);
    const answers = await Promise.all([0, 1, 2].map(() => fetch(`${url}/`).then((a) => a.text())));
    expect(answers.every((text) => text.startsWith('alive GET'))).toBe(true);
    const stats = await balancerStats(port);
    expect(stats.upstreams[0]).toMatchObject({ port: dead, requests: 0 });
    expect(stats.upstreams[0]!.refused).toBeGreaterThan(0);
    expect(stats.upstreams[1]).toMatchObject({ requests: 3, aborted: 0 });
  });

  it('answers 502 with a message, never retried, when the upstream dies while answering', async () => {
    const dying = await upstream('dying', (res) => res.socket?.destroy());
    const { url, port } = await balancer([dying, await upstream('other')]);
    const answer = await fetch(`${url}/`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(502);
    expect((await answer.json()) as { message: string }).toHaveProperty('message');
    expect((await balancerStats(port)).upstreams.map((u) => u.aborted)).toEqual([1, 0]);
  });
});
