// Test controls: the same operations programmatically (`simulator.control`) and over HTTP (/_sim).
import express, { type Request, type Response, Router } from 'express';
import type { ActivityChanges } from './activity-store.js';
import type { SimulatorContext } from './context.js';
import { checkCount, emptyCounters, noFaults, type Counters, type Faults } from './faults.js';
import {
  CYCLING_SPORT_TYPES,
  SPORT_TYPES,
  WORKOUTS,
  type NewActivitySpec,
  type SportType,
} from './planner.js';
import type { RateLimits, RateLimitUsage } from './rate-limits.js';
import { summaryActivity } from './resources.js';
import { isoSeconds } from './timezone.js';
import { allows, isScope } from './tokens.js';
import type { PushSubscription, WebhookDelivery, WebhookEvent } from './webhooks.js';

type Json = Record<string, unknown>;

export interface AthleteInfo {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  profile: string;
  city: string;
  country: string;
  timezone: string;
  ftp: number;
  maxHeartrate: number;
  restingHeartrate: number;
  weight: number;
  /** Every activity, cycling or not, including Only Me ones. */
  activityCount: number;
  /** Ride, MountainBikeRide, GravelRide, EBikeRide and VirtualRide. */
  cyclingActivityCount: number;
  /** Runs and walks (a client must ignore them). */
  otherActivityCount: number;
  /** Only Me activities (visible with activity:read_all only). */
  onlyMeActivityCount: number;
  firstActivityAt: string | null;
  lastActivityAt: string | null;
}

export interface ActivityEventResult {
  activity: Json;
  /** One per subscribed application the athlete authorized; empty when nobody is subscribed. */
  deliveries: WebhookDelivery[];
}

export interface StravaSimulatorControl {
  athletes(): AthleteInfo[];
  /** SummaryActivity JSON of every activity of the athlete (Only Me included), newest first. */
  activities(athleteId: number): Json[];
  counters(): Counters;
  resetCounters(): void;
  /** The next `requests` API data requests answer 429 Rate Limit Exceeded. */
  rateLimitStorm(requests: number): void;
  /** The next `requests` API data requests answer `status` (default 503). */
  serverErrors(requests: number, status?: number): void;
  /** Every API data and token request waits `ms` first (0 to stop). */
  setLatency(ms: number): void;
  faults(): Faults;
  clearFaults(): void;
  rateLimits(clientId?: string): { limits: RateLimits; usage: RateLimitUsage };
  setRateLimits(limits: Partial<RateLimits>): void;
  /** Empties the 15-minute and daily windows. */
  resetRateLimits(): void;
  /** Expires every live access token of the athlete now; refresh tokens stay good. Returns how many. */
  expireTokens(athleteId: number): number;
  /** The athlete revokes access in Strava's settings: tokens die and subscribers get the deauthorization. */
  revokeAccess(athleteId: number, clientId?: string): Promise<WebhookDelivery[]>;
  /** An authorization code as the authorize page would issue it (scope comma-separated, default read,activity:read_all). */
  authorizationCode(options: { athleteId: number; scope?: string; clientId?: string }): string;
  /** A new activity (generated like the others, ending about now) and its create event. */
  createActivity(athleteId: number, spec?: NewActivitySpec): Promise<ActivityEventResult>;
  /** Edits title, sport type or privacy, and pushes the update event. */
  updateActivity(id: number, changes: ActivityChanges): Promise<ActivityEventResult>;
  /** Deletes an activity and pushes the delete event. */
  deleteActivity(id: number): Promise<{ deliveries: WebhookDelivery[] }>;
  subscriptions(): PushSubscription[];
  /** Every event pushed so far, with each attempt's outcome. */
  deliveries(): WebhookDelivery[];
  clearDeliveries(): void;
  /** The simulator's clock, epoch seconds. */
  now(): number;
  /** Moves the clock forward (token expiry, rate-limit windows); returns the new time. */
  advanceClock(seconds: number): number;
}

/** A control call's bad input (400) or unknown id (404). */
export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

const CYCLING: readonly string[] = CYCLING_SPORT_TYPES;

export const createControl = (
  context: SimulatorContext,
  advance: (seconds: number) => void,
): StravaSimulatorControl => {
  const { store } = context;
  const athleteOf = (athleteId: number) => {
    const athlete = store.athlete(Number(athleteId));
    if (!athlete) throw new ControlError(404, `No demo athlete ${athleteId}`);
    return athlete;
  };
  const activityOf = (id: number) => {
    const activity = store.get(Number(id));
    if (!activity) throw new ControlError(404, `No activity ${id}`);
    return activity;
  };
  const count = (value: unknown, name: string, max?: number) => {
    try {
      return checkCount(value, name, max);
    } catch (error) {
      throw new ControlError(400, (error as Error).message);
    }
  };
  const activityEvent = (
    athleteId: number,
    id: number,
    aspect: WebhookEvent['aspect_type'],
    updates: Record<string, string>,
    onlyMe: boolean,
  ) =>
    context.pushToAuthorized(athleteId, (scopes) => {
      const readAll = allows(scopes, 'activity:read_all');
      // Strava pushes privacy changes, and anything about Only Me activities, only with activity:read_all
      if (onlyMe && !readAll && !('private' in updates)) return null;
      const visible = { ...updates };
      if (!readAll) delete visible.private;
      if (aspect === 'update' && Object.keys(visible).length === 0) return null;
      return {
        object_type: 'activity',
        object_id: id,
        aspect_type: aspect,
        owner_id: athleteId,
        updates: visible,
      };
    });

  const control: StravaSimulatorControl = {
    athletes: () =>
      store.athletes.map((athlete) => {
        const all = store.all(athlete.id);
        const cycling = all.filter((a) => CYCLING.includes(a.sportType)).length;
        return {
          id: athlete.id,
          username: athlete.username,
          firstname: athlete.firstname,
          lastname: athlete.lastname,
          profile: athlete.profile,
          city: athlete.city,
          country: athlete.country,
          timezone: athlete.timezone,
          ftp: athlete.ftp,
          maxHeartrate: athlete.maxHeartrate,
          restingHeartrate: athlete.restingHeartrate,
          weight: athlete.weight,
          activityCount: all.length,
          cyclingActivityCount: cycling,
          otherActivityCount: all.length - cycling,
          onlyMeActivityCount: all.filter((a) => a.visibility === 'only_me').length,
          firstActivityAt: all.length ? isoSeconds(all[0]!.plan.start) : null,
          lastActivityAt: all.length ? isoSeconds(all[all.length - 1]!.plan.start) : null,
        };
      }),
    activities: (athleteId) =>
      store
        .list(athleteOf(athleteId).id, { includeOnlyMe: true })
        .map((activity) => summaryActivity(activity, store.statsOf(activity))),
    counters: () => ({ ...context.counters }),
    resetCounters: () => {
      Object.assign(context.counters, emptyCounters());
    },
    rateLimitStorm: (requests) => {
      context.faults.rateLimitStorm = count(requests, 'requests');
    },
    serverErrors: (requests, status = 503) => {
      if (!Number.isInteger(status) || status < 500 || status > 599)
        throw new ControlError(400, 'status must be a 5xx status code');
      context.faults.serverErrors = count(requests, 'requests');
      context.faults.serverErrorStatus = status;
    },
    setLatency: (ms) => {
      context.faults.latencyMs = count(ms, 'ms', 120_000);
    },
    faults: () => ({ ...context.faults }),
    clearFaults: () => {
      Object.assign(context.faults, noFaults());
    },
    rateLimits: (clientId = context.clients[0]!.id) => ({
      limits: context.limiter.current(),
      usage: context.limiter.usage(clientId, context.now()),
    }),
    setRateLimits: (limits) => {
      try {
        context.limiter.setLimits(limits);
      } catch (error) {
        throw new ControlError(400, (error as Error).message);
      }
    },
    resetRateLimits: () => context.limiter.reset(),
    expireTokens: (athleteId) => context.tokens.expireAccessTokens(athleteOf(athleteId).id, context.now()),
    revokeAccess: async (athleteId, clientId) => {
      const athlete = athleteOf(athleteId);
      const ended = context.tokens.revokeAthlete(athlete.id, clientId);
      return context.pushToAuthorized(
        athlete.id,
        () => ({
          object_type: 'athlete',
          object_id: athlete.id,
          aspect_type: 'update',
          owner_id: athlete.id,
          updates: { authorized: 'false' },
        }),
        ended,
      );
    },
    authorizationCode: ({
      athleteId,
      scope = 'read,activity:read_all',
      clientId = context.clients[0]!.id,
    }) => {
      const athlete = athleteOf(athleteId);
      if (!context.clients.some((client) => client.id === clientId))
        throw new ControlError(400, `No application ${clientId}`);
      const scopes = scope.split(',').filter(Boolean);
      if (!scopes.every(isScope)) throw new ControlError(400, `Unknown scope in ${scope}`);
      return context.tokens.issueCode(clientId, athlete.id, scopes, context.now());
    },
    createActivity: async (athleteId, spec = {}) => {
      const athlete = athleteOf(athleteId);
      if (spec.sportType !== undefined && !SPORT_TYPES.includes(spec.sportType))
        throw new ControlError(400, `sportType must be one of ${SPORT_TYPES.join(', ')}`);
      if (spec.workout !== undefined && !WORKOUTS.includes(spec.workout))
        throw new ControlError(400, `workout must be one of ${WORKOUTS.join(', ')}`);
      if (spec.durationMinutes !== undefined) count(spec.durationMinutes, 'durationMinutes', 24 * 60);
      let activity;
      try {
        activity = store.create(athlete.id, spec, context.now());
      } catch (error) {
        throw new ControlError(400, (error as Error).message);
      }
      const json = summaryActivity(activity, store.statsOf(activity));
      const deliveries = await activityEvent(
        athlete.id,
        activity.plan.id,
        'create',
        {},
        activity.visibility === 'only_me',
      );
      return { activity: json, deliveries };
    },
    updateActivity: async (id, changes) => {
      const activity = activityOf(id);
      if (changes.sportType !== undefined && !SPORT_TYPES.includes(changes.sportType as SportType))
        throw new ControlError(400, `sportType must be one of ${SPORT_TYPES.join(', ')}`);
      if (changes.name !== undefined && (typeof changes.name !== 'string' || !changes.name.trim()))
        throw new ControlError(400, 'name must be a non-empty string');
      if (changes.private !== undefined && typeof changes.private !== 'boolean')
        throw new ControlError(400, 'private must be true or false');
      const wasOnlyMe = activity.visibility === 'only_me';
      const updates = store.update(activity.plan.id, changes);
      const deliveries = Object.keys(updates).length
        ? await activityEvent(
            activity.athlete.id,
            activity.plan.id,
            'update',
            updates,
            wasOnlyMe && activity.visibility === 'only_me',
          )
        : [];
      return { activity: summaryActivity(activity, store.statsOf(activity)), deliveries };
    },
    deleteActivity: async (id) => {
      const activity = activityOf(id);
      store.delete(activity.plan.id);
      const deliveries = await activityEvent(
        activity.athlete.id,
        activity.plan.id,
        'delete',
        {},
        activity.visibility === 'only_me',
      );
      return { deliveries };
    },
    subscriptions: () => context.webhooks.all(),
    deliveries: () => context.webhooks.deliveries(),
    clearDeliveries: () => context.webhooks.clearDeliveries(),
    now: () => context.now(),
    advanceClock: (seconds) => {
      advance(count(seconds, 'seconds', 400 * 86_400));
      return context.now();
    },
  };
  return control;
};

/** /_sim: the control API over HTTP (JSON in, JSON out; errors as { message }). */
export const controlRouter = (control: StravaSimulatorControl): Router => {
  const router = Router();
  router.use(express.json());
  const run =
    (fn: (req: Request) => unknown, status = 200) =>
    async (req: Request, res: Response) => {
      try {
        const result = await fn(req);
        if (result === undefined) res.status(204).end();
        else res.status(status).json(result);
      } catch (error) {
        if (error instanceof ControlError) res.status(error.status).json({ message: error.message });
        else throw error;
      }
    };
  const body = (req: Request) => (req.body ?? {}) as Json;
  const id = (req: Request) => Number(req.params.id);

  router.get(
    '/athletes',
    run(() => control.athletes()),
  );
  router.get(
    '/athletes/:id/activities',
    run((req) => control.activities(id(req))),
  );
  router.post(
    '/athletes/:id/activities',
    run((req) => control.createActivity(id(req), body(req) as NewActivitySpec), 201),
  );
  router.post(
    '/athletes/:id/expire-tokens',
    run((req) => ({ expired: control.expireTokens(id(req)) })),
  );
  router.post(
    '/athletes/:id/revoke',
    run(async (req) => ({
      deliveries: await control.revokeAccess(id(req), body(req).clientId as string | undefined),
    })),
  );
  router.post(
    '/athletes/:id/authorization-code',
    run((req) => ({
      code: control.authorizationCode({
        athleteId: id(req),
        scope: body(req).scope as string | undefined,
        clientId: body(req).clientId as string | undefined,
      }),
    })),
  );
  router.patch(
    '/activities/:id',
    run((req) => control.updateActivity(id(req), body(req) as ActivityChanges)),
  );
  router.delete(
    '/activities/:id',
    run((req) => control.deleteActivity(id(req))),
  );
  router.get(
    '/counters',
    run(() => control.counters()),
  );
  router.post(
    '/counters/reset',
    run(() => control.resetCounters()),
  );
  router.get(
    '/faults',
    run(() => control.faults()),
  );
  router.post(
    '/faults/rate-limit-storm',
    run((req) => control.rateLimitStorm(body(req).requests as number)),
  );
  router.post(
    '/faults/server-errors',
    run((req) =>
      control.serverErrors(body(req).requests as number, (body(req).status as number | undefined) ?? 503),
    ),
  );
  router.post(
    '/faults/latency',
    run((req) => control.setLatency(body(req).ms as number)),
  );
  router.post(
    '/faults/clear',
    run(() => control.clearFaults()),
  );
  router.get(
    '/rate-limits',
    run((req) => control.rateLimits(req.query.client_id as string | undefined)),
  );
  router.put(
    '/rate-limits',
    run((req) => control.setRateLimits(body(req) as Partial<RateLimits>)),
  );
  router.post(
    '/rate-limits/reset',
    run(() => control.resetRateLimits()),
  );
  router.get(
    '/subscriptions',
    run(() => control.subscriptions()),
  );
  router.get(
    '/deliveries',
    run(() => control.deliveries()),
  );
  router.delete(
    '/deliveries',
    run(() => control.clearDeliveries()),
  );
  router.get(
    '/clock',
    run(() => ({ now: control.now() })),
  );
  router.post(
    '/clock/advance',
    run((req) => ({ now: control.advanceClock(body(req).seconds as number) })),
  );
  router.get(
    '/state',
    run(() => ({
      now: control.now(),
      counters: control.counters(),
      faults: control.faults(),
      rateLimits: control.rateLimits(),
      subscriptions: control.subscriptions(),
      athletes: control.athletes(),
    })),
  );
  router.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'No such control endpoint' });
  });
  return router;
};
