// /api/v3: the athlete, their activities and streams, and push subscriptions; every answer carries the
// rate-limit headers, and injected faults (429 storms, 5xx bursts, latency) apply to the data endpoints.
import { STATUS_CODES } from 'node:http';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { StoredActivity } from './activity-store.js';
import { findClient, type ClientApplication, type SimulatorContext } from './context.js';
import {
  authorizationError,
  badRequest,
  notFound,
  rateLimitExceeded,
  sendError,
  StravaError,
} from './errors.js';
import { takeFault } from './faults.js';
import { bearer, handle, param, sleep } from './http.js';
import {
  athleteStats,
  detailedActivity,
  detailedAthlete,
  estimate,
  summaryActivity,
  summaryAthlete,
} from './resources.js';
import { STREAM_TYPES, streamValues, type StreamType } from './ride-model.js';
import { allows, type AccessToken } from './tokens.js';

const MAX_PER_PAGE = 200;

const integer = (req: Request, name: string, min: number): number | undefined => {
  const raw = param(req, name);
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw badRequest('Application', name, 'invalid');
  return value;
};

type Classified = 'list' | 'activity' | 'streams' | 'athlete' | 'push' | 'other';

const classify = (path: string): Classified => {
  if (path === '/athlete/activities') return 'list';
  if (path === '/athlete') return 'athlete';
  if (/^\/activities\/[^/]+\/streams\/?$/.test(path)) return 'streams';
  if (/^\/activities\/[^/]+\/?$/.test(path)) return 'activity';
  if (path.startsWith('/push_subscriptions')) return 'push';
  return 'other';
};

export const apiRouter = (context: SimulatorContext): Router => {
  const router = Router();
  const { counters } = context;
  router.use(express.urlencoded({ extended: false }), express.json());

  // Accounting, rate limits and injected faults, before any route.
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.on('finish', () => {
        if (res.statusCode === 401) counters.unauthorized += 1;
        if (res.statusCode === 429) counters.rateLimited += 1;
      });
      const kind = classify(req.path);
      if (kind === 'list') counters.listCalls += 1;
      else if (kind === 'activity') counters.activityCalls += 1;
      else if (kind === 'streams') counters.streamCalls += 1;
      else if (kind === 'athlete') counters.athleteCalls += 1;
      if (kind !== 'push' && context.faults.latencyMs > 0) await sleep(context.faults.latencyMs);
      const clientId =
        (kind === 'push'
          ? findClient(context, param(req, 'client_id'))?.id
          : context.tokens.clientOf(bearer(req))) ?? context.clients[0]!.id;
      const now = context.now();
      const over = context.limiter.count(clientId, now, true);
      res.set(context.limiter.headers(clientId, now));
      if (kind !== 'push') {
        const fault = takeFault(context.faults);
        if (fault === 'rate-limit') throw rateLimitExceeded();
        if (fault === 'server-error') {
          counters.serverErrors += 1;
          const status = context.faults.serverErrorStatus;
          throw new StravaError(status, STATUS_CODES[status] ?? 'Server Error');
        }
      }
      if (over) throw rateLimitExceeded();
      next();
    } catch (error) {
      if (error instanceof StravaError) sendError(res, error);
      else next(error);
    }
  });

  const authenticate = (req: Request, needed?: 'activity:read'): AccessToken => {
    const token = context.tokens.authenticate(bearer(req), context.now());
    if (needed && !allows(token.scopes, needed))
      throw authorizationError('AccessToken', 'activity:read_permission', 'missing');
    return token;
  };

  /** An activity the token may read: its athlete's own, and Only Me ones only with activity:read_all. */
  const readable = (token: AccessToken, rawId: string | string[] | undefined): StoredActivity => {
    const id = Number(rawId);
    const activity = Number.isSafeInteger(id) ? context.store.get(id) : undefined;
    if (
      !activity ||
      activity.athlete.id !== token.athleteId ||
      (activity.visibility === 'only_me' && !allows(token.scopes, 'activity:read_all'))
    )
      throw notFound('Activity');
    return activity;
  };

  router.get(
    '/athlete',
    handle((req, res) => {
      const token = authenticate(req);
      const athlete = context.store.athlete(token.athleteId)!;
      if (!allows(token.scopes, 'profile:read_all')) {
        res.json(summaryAthlete(athlete, context.publicUrl(), context.now()));
        return;
      }
      const distances: Record<string, number> = {};
      for (const { plan } of context.store.all(athlete.id)) {
        if (plan.gearId) distances[plan.gearId] = (distances[plan.gearId] ?? 0) + estimate(plan).distance;
      }
      for (const key of Object.keys(distances)) distances[key] = Math.round(distances[key]!);
      res.json(detailedAthlete(athlete, context.publicUrl(), context.now(), distances));
    }),
  );

  router.get(
    '/athlete/activities',
    handle(async (req, res) => {
      const token = authenticate(req, 'activity:read');
      const before = integer(req, 'before', 0);
      const after = integer(req, 'after', 0);
      const page = integer(req, 'page', 1) ?? 1;
      const perPage = Math.min(integer(req, 'per_page', 1) ?? 30, MAX_PER_PAGE);
      const matching = context.store.list(token.athleteId, {
        before,
        after,
        includeOnlyMe: allows(token.scopes, 'activity:read_all'),
      });
      const slice = matching.slice((page - 1) * perPage, page * perPage);
      const stats = await context.store.statsOfMany(slice);
      res.json(slice.map((activity, k) => summaryActivity(activity, stats[k]!)));
    }),
  );

  router.get(
    '/athletes/:id/stats',
    handle((req, res) => {
      const token = authenticate(req);
      if (Number(req.params.id) !== token.athleteId)
        throw new StravaError(403, 'Forbidden', [{ resource: 'Athlete', field: 'id', code: 'invalid' }]);
      // Strava's totals count only activities visible to Everyone
      const counted = context.store
        .all(token.athleteId)
        .filter((activity) => activity.visibility === 'everyone');
      res.json(athleteStats(counted, context.now()));
    }),
  );

  router.get(
    '/activities/:id',
    handle((req, res) => {
      const activity = readable(authenticate(req, 'activity:read'), req.params.id);
      res.json(detailedActivity(activity, context.store.statsOf(activity)));
    }),
  );

  router.get(
    '/activities/:id/streams',
    handle((req, res) => {
      const activity = readable(authenticate(req, 'activity:read'), req.params.id);
      const raw = req.query.keys;
      const asked = (Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '')
        .split(',')
        .map((key) => key.trim())
        .filter((key): key is StreamType => (STREAM_TYPES as readonly string[]).includes(key));
      // Strava always adds the series the streams are indexed by (distance)
      const keys: StreamType[] = asked.length
        ? [...new Set<StreamType>([...asked, 'distance'])]
        : [...STREAM_TYPES];
      const keyByType = param(req, 'key_by_type') === 'true';
      const simulation = context.store.simulation(activity);
      const streams: { type: StreamType; data: unknown[] }[] = [];
      if (simulation) {
        for (const type of keys) {
          const data = streamValues(simulation.streams, type);
          if (data) streams.push({ type, data });
        }
      }
      const shape = (data: unknown[]) => ({
        data,
        series_type: 'distance',
        original_size: data.length,
        resolution: 'high',
      });
      if (keyByType) res.json(Object.fromEntries(streams.map(({ type, data }) => [type, shape(data)])));
      else res.json(streams.map(({ type, data }) => ({ type, ...shape(data) })));
    }),
  );

  const application = (req: Request): ClientApplication => {
    const client = findClient(context, param(req, 'client_id'));
    if (!client) throw badRequest('Application', 'client_id', 'invalid');
    if (param(req, 'client_secret') !== client.secret)
      throw authorizationError('Application', 'client_secret', 'invalid');
    return client;
  };

  router.post(
    '/push_subscriptions',
    handle(async (req, res) => {
      const client = application(req);
      const subscription = await context.webhooks.create(
        client.id,
        param(req, 'callback_url'),
        param(req, 'verify_token'),
      );
      res.status(201).json({ id: subscription.id });
    }),
  );

  router.get(
    '/push_subscriptions',
    handle((req, res) => {
      const client = application(req);
      const subscription = context.webhooks.of(client.id);
      res.json(subscription ? [subscription] : []);
    }),
  );

  router.delete(
    '/push_subscriptions/:id',
    handle((req, res) => {
      const client = application(req);
      context.webhooks.delete(client.id, Number(req.params.id));
      res.status(204).end();
    }),
  );

  router.use((_req: Request, res: Response) => {
    sendError(
      res,
      new StravaError(404, 'Resource Not Found', [{ resource: 'Resource', field: 'path', code: 'invalid' }]),
    );
  });

  return router;
};
