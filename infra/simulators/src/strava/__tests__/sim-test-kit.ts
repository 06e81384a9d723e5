// Helpers for the simulator's HTTP tests: a simulator on a free port with a fixed clock, connected
// athletes, and a local webhook receiver.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_CLIENT,
  startStravaSimulator,
  type StravaSimulator,
  type StravaSimulatorOptions,
} from '../index.js';

/** Wednesday 18 June 2025, noon UTC. */
export const NOW_MS = Date.UTC(2025, 5, 18, 12, 0, 0);
export const DEMO_RIDER = 1000001;
export const CLIENT = DEFAULT_CLIENT;

export const startSim = (options: StravaSimulatorOptions = {}): Promise<StravaSimulator> =>
  startStravaSimulator({
    port: 0,
    seed: 11,
    athletes: 2,
    clock: () => NOW_MS,
    webhookRetryDelayMs: 20,
    ...options,
  });

export interface Connection {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  athlete: { id: number };
}

/** POST a form to the simulator. */
export const postForm = (url: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  return fetch(url, { method: 'POST', body, redirect: 'manual' });
};

/** Connects an athlete the way an application does once the user authorized it (code -> tokens). */
export const connect = async (
  sim: StravaSimulator,
  athleteId = DEMO_RIDER,
  scope = 'read,activity:read_all',
): Promise<Connection> => {
  const code = sim.control.authorizationCode({ athleteId, scope });
  const answer = await postForm(`${sim.oauthUrl}/token`, {
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
    code,
    grant_type: 'authorization_code',
  });
  if (answer.status !== 200) throw new Error(`token exchange answered ${answer.status}`);
  return (await answer.json()) as Connection;
};

export const api = (sim: StravaSimulator, path: string, token?: string) =>
  fetch(`${sim.apiUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

export const json = async <T = Record<string, unknown>>(answer: Response): Promise<T> =>
  (await answer.json()) as T;

export type Activity = Record<string, unknown> & { id: number; start_date: string; visibility: string };

export interface Receiver {
  url: string;
  events: Record<string, unknown>[];
  challenges: URLSearchParams[];
  /** What the next POSTs answer (default 200 each). */
  postStatuses: number[];
  /** How the GET handshake answers. */
  handshake: 'echo' | 'wrong' | 'error';
  close(): Promise<void>;
}

/** A local application endpoint: answers Strava's hub.challenge and collects the events. */
export const startReceiver = async (verifyToken = 'verify-me'): Promise<Receiver> => {
  const receiver = {
    events: [] as Record<string, unknown>[],
    challenges: [] as URLSearchParams[],
    postStatuses: [] as number[],
    handshake: 'echo' as Receiver['handshake'],
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET') {
      receiver.challenges.push(url.searchParams);
      const ok =
        url.searchParams.get('hub.verify_token') === verifyToken &&
        url.searchParams.get('hub.mode') === 'subscribe';
      if (receiver.handshake === 'error' || !ok) {
        res.writeHead(403).end();
        return;
      }
      const challenge =
        receiver.handshake === 'wrong' ? 'something-else' : url.searchParams.get('hub.challenge');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ 'hub.challenge': challenge }));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const status = receiver.postStatuses.shift() ?? 200;
      if (status === 200) receiver.events.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks/strava`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};

/** Waits until `check` passes (for effects that follow an answer, like a deauthorization push). */
export const eventually = async (check: () => void, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
};
