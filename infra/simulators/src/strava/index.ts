// A local Strava: OAuth pages and tokens, API v3 (athlete, activities, streams, push subscriptions) with
// rate limits and webhooks, and deterministic demo athletes. Real Strava clients run against it unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ActivityStore } from './activity-store.js';
import { apiRouter } from './api.js';
import { resolveAthletes, type DemoAthleteSpec } from './athletes.js';
import type { ClientApplication, SimulatorContext } from './context.js';
import { controlRouter, createControl, type StravaSimulatorControl } from './control.js';
import { emptyCounters, noFaults } from './faults.js';
import { oauthRouter } from './oauth.js';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './rate-limits.js';
import { TokenStore } from './tokens.js';
import { Webhooks, type WebhookDelivery } from './webhooks.js';

export { decideAtStrava } from './consent.js';
export type { DemoAthleteSpec, RiderProfile } from './athletes.js';
export type { AthleteInfo, ActivityEventResult, StravaSimulatorControl } from './control.js';
export type { Counters, Faults } from './faults.js';
export type { ActivityChanges } from './activity-store.js';
export type { NewActivitySpec, SportType, Workout } from './planner.js';
export type { RateLimits, RateLimitUsage } from './rate-limits.js';
export type { PushSubscription, WebhookDelivery, WebhookEvent } from './webhooks.js';
export type { ClientApplication } from './context.js';

export const DEFAULT_CLIENT: ClientApplication = {
  id: 'domestique-local',
  secret: 'domestique-local-secret',
  name: 'Domestique',
};

export interface StravaSimulatorOptions {
  /** 0 = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How browsers reach it (default http://127.0.0.1:<port>). */
  publicUrl?: string;
  /** Deterministic demo data: the same seed (on the same day) gives the same athletes and activities. */
  seed?: number;
  /** Registered API applications (default: domestique-local / domestique-local-secret). */
  clients?: ClientApplication[];
  /** Default 200 / 2,000 overall and 100 / 1,000 read, per 15 minutes / day. */
  rateLimits?: Partial<RateLimits>;
  /** How many demo athletes (default 4), or explicit specs (e.g. one with 2,000 activities). */
  athletes?: number | DemoAthleteSpec[];
  /** Milliseconds since the epoch (default Date.now); the history ends the day before it. */
  clock?: () => number;
  /** Pause between webhook delivery attempts (default 1,000 ms). */
  webhookRetryDelayMs?: number;
}

export interface StravaSimulator {
  /** Base, e.g. http://127.0.0.1:4301. */
  url: string;
  /** `${url}/api/v3`. */
  apiUrl: string;
  /** `${publicUrl}/oauth` (the authorize page; /oauth/token and /oauth/deauthorize live here too). */
  oauthUrl: string;
  control: StravaSimulatorControl;
  close(): Promise<void>;
}

const initials = (text: string) =>
  text
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

export async function startStravaSimulator(options: StravaSimulatorOptions = {}): Promise<StravaSimulator> {
  const host = options.host ?? '127.0.0.1';
  const seed = options.seed ?? 1;
  const clients = options.clients?.length ? options.clients : [DEFAULT_CLIENT];
  const clock = options.clock ?? Date.now;
  let offsetMs = 0;
  const now = () => Math.floor((clock() + offsetMs) / 1000);
  const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS });
  limiter.setLimits(options.rateLimits ?? {});
  const tokens = new TokenStore();
  const webhooks = new Webhooks(now, options.webhookRetryDelayMs ?? 1000);
  const store = new ActivityStore(resolveAthletes(options.athletes, seed), seed, now());
  let publicUrl = '';

  const context: SimulatorContext = {
    clients,
    store,
    tokens,
    limiter,
    webhooks,
    faults: noFaults(),
    counters: emptyCounters(),
    now,
    publicUrl: () => publicUrl,
    pushToAuthorized: async (athleteId, eventFor, clientIds) => {
      const targets = clientIds ?? tokens.clientsOf(athleteId);
      const deliveries = await Promise.all(
        targets.map((clientId) => {
          const event = eventFor(tokens.scopesGranted(clientId, athleteId) ?? [], clientId);
          return event ? webhooks.push(clientId, event) : null;
        }),
      );
      return deliveries.filter((delivery): delivery is WebhookDelivery => delivery !== null);
    },
  };
  const control = createControl(context, (seconds) => {
    offsetMs += seconds * 1000;
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/avatars/:id/:size', (req, res) => {
    const athlete = store.athlete(Number(req.params.id));
    if (!athlete) {
      res.status(404).json({ message: 'Record Not Found', errors: [] });
      return;
    }
    const size = req.params.size.startsWith('medium') ? 62 : 124;
    res
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
          `<circle cx="50" cy="50" r="50" fill="#fc4c02"/>` +
          `<text x="50" y="62" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">` +
          `${initials(`${athlete.firstname} ${athlete.lastname}`)}</text></svg>`,
      );
  });
  app.use('/oauth', oauthRouter(context));
  app.use('/api/v3', apiRouter(context));
  app.use('/_sim', controlRouter(control));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: 'Bad Request', errors: [] });
      return;
    }
    process.stderr.write(
      `${JSON.stringify({ level: 'error', msg: 'Strava simulator error', err: String(error) })}\n`,
    );
    res.status(500).json({ message: 'Internal Server Error', errors: [] });
  });

  const server: Server = createServer(app);
  // Idle keep-alive connections are left for clients to close (fetch/undici drops them after 4 s): a
  // server closing one as a client reuses it is the classic ECONNRESET race.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  publicUrl = (options.publicUrl ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');

  return {
    url,
    apiUrl: `${url}/api/v3`,
    oauthUrl: `${publicUrl}/oauth`,
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
