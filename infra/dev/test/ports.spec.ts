import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:net';
import { canListen, ephemeralStart, freePort } from '../ports.mjs';

/** Ports for the started processes come from below the ephemeral range, free and never twice. */

const listening: Server[] = [];
const occupy = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const server = createServer();
    listening.push(server);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

afterEach(async () => {
  await Promise.all(listening.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A `random` that makes freePort try these ports in this order (range 20000 .. ephemeralStart-1). */
const choosing = (...ports: number[]) => {
  const span = ephemeralStart() - 20_000;
  const queue = ports.map((port) => (port - 20_000 + 0.5) / span);
  return () => queue.shift() ?? Math.random();
};

describe('freePort', () => {
  it('hands out distinct ports below the ephemeral range that can be listened on', async () => {
    const ports = [];
    for (let i = 0; i < 50; i += 1) ports.push(await freePort());
    expect(new Set(ports).size).toBe(50);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralStart());
    }
    expect(await canListen(ports[0])).toBe(true);
  });

  it('skips a port something already listens on', async () => {
    const taken = await freePort();
    await occupy(taken);
    expect(await canListen(taken)).toBe(false);
    const other = taken === 20_000 ? 20_001 : taken - 1;
    const port = await freePort({ random: choosing(taken, other) });
    expect(port).not.toBe(taken);
  });

  it('never hands out the same port twice in one process, even when it is free again', async () => {
    const first = await freePort();
    expect(await canListen(first)).toBe(true);
    const second = await freePort({ random: choosing(first, first, first) });
    expect(second).not.toBe(first);
  });
});
