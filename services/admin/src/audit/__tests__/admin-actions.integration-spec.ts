import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createProducerRedis,
  QueueRegistry,
  type BaseConfig,
  type ServiceDefinition,
} from '@domestique/common';
import { eventually, expectedRefusals, identityHeaders, patternRefusals } from '@domestique/common/testing';
import {
  eventQueueName,
  INTERNAL_HEADERS,
  Patterns,
  SERVICE_NAMES,
  type ServiceName,
} from '@domestique/proto';
import { parse, type DocumentNode } from 'graphql';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ADMIN_SESSION_PATHS, findRoute, SERVICE_ROUTES } from '@domestique/gateway/service-routes';
import {
  isAdminAction,
  operationsOf,
  type ServiceOperation,
} from '../../test/integration/admin-operations.js';
import { ADMIN_CREDENTIALS, AdminSystem, DEFINITIONS } from '../../test/integration/admin-system.js';

type Agent = ReturnType<AdminSystem['http']>;

interface Rider {
  id: string;
  agent: Agent;
}

/** What one exercise did: the audit entry it must have left. */
interface Audited {
  action: string;
  targetId: string;
}

const promoBody = () => ({
  code: `AUD${randomUUID().slice(0, 6).toUpperCase()}`,
  description: 'Audited',
  discountType: 'percentage',
  discountValue: 10,
  validFrom: new Date(Date.now() - 3600_000).toISOString(),
  validUntil: new Date(Date.now() + 86_400_000).toISOString(),
  usageLimit: null,
});

/** Mutation fields per subgraph, from the SDL each one serves to the gateway's composition. */
const mutationFieldsOf = (sdl: DocumentNode): string[] =>
  sdl.definitions.flatMap((definition) =>
    (definition.kind === 'ObjectTypeDefinition' || definition.kind === 'ObjectTypeExtension') &&
    definition.name.value === 'Mutation'
      ? (definition.fields ?? []).map((field) => field.name.value)
      : [],
  );

describe('admin actions: only through the admin service, each audited (real gateway and services)', () => {
  let system: AdminSystem;
  let admin: Agent;
  let redis: Redis;
  const operations: ServiceOperation[] = SERVICE_NAMES.flatMap((name) =>
    operationsOf(name, DEFINITIONS[name] as ServiceDefinition<BaseConfig>),
  );
  const adminActions = operations.filter(isAdminAction);

  const register = async (): Promise<Rider> => {
    const { id, agent } = await system.registerRider('Audit', 'Rider');
    return { id, agent };
  };

  const createPromo = async (): Promise<string> => {
    const created = await admin.post('/api/admin/promo-codes').send(promoBody());
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  };

  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const answer = await system.adminGraphql(admin, query, variables);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data as Record<string, unknown>;
  };

  /**
   * One exercise per admin action, keyed as the enumeration names it. A new admin action without an
   * exercise here fails the enumeration test below.
   */
  const EXERCISES: Record<string, () => Promise<Audited>> = {
    'PATCH /api/admin/users/:id': async () => {
      const rider = await register();
      const answer = await admin.patch(`/api/admin/users/${rider.id}`).send({ subscriptionTier: 'pro' });
      expect(answer.status).toBe(200);
      return { action: 'user.tier-changed', targetId: rider.id };
    },
    'DELETE /api/admin/users/:id': async () => {
      const rider = await register();
      expect((await admin.delete(`/api/admin/users/${rider.id}`)).status).toBe(200);
      return { action: 'user.deleted', targetId: rider.id };
    },
    'POST /api/admin/promo-codes': async () => ({ action: 'promo.created', targetId: await createPromo() }),
    'DELETE /api/admin/promo-codes/:id': async () => {
      const id = await createPromo();
      expect((await admin.delete(`/api/admin/promo-codes/${id}`)).status).toBe(200);
      return { action: 'promo.deleted', targetId: id };
    },
    'Mutation.setSubscriptionTier': async () => {
      const rider = await register();
      const data = await graphql(
        'mutation($u: ID!, $t: Tier!) { setSubscriptionTier(userId: $u, subscriptionTier: $t) { userId subscriptionTier } }',
        { u: rider.id, t: 'elite' },
      );
      expect(data.setSubscriptionTier).toEqual({ userId: rider.id, subscriptionTier: 'elite' });
      return { action: 'user.tier-changed', targetId: rider.id };
    },
    'Mutation.createPromoCode': async () => {
      const body = promoBody();
      const data = await graphql(
        'mutation($i: CreatePromoCodeInput!) { createPromoCode(input: $i) { id code status usedCount } }',
        { i: body },
      );
      const created = data.createPromoCode as { id: string };
      expect(created).toMatchObject({ code: body.code, status: 'ACTIVE', usedCount: 0 });
      return { action: 'promo.created', targetId: created.id };
    },
    'Mutation.deletePromoCode': async () => {
      const id = await createPromo();
      expect(await graphql('mutation($id: ID!) { deletePromoCode(id: $id) }', { id })).toEqual({
        deletePromoCode: true,
      });
      return { action: 'promo.deleted', targetId: id };
    },
  };

  const auditRows = async ({ action, targetId }: Audited) =>
    (await system.db.query(
      'SELECT admin_username FROM admin.admin_audit_log WHERE action = $1 AND target_id = $2',
      [action, targetId],
    )) as { admin_username: string }[];

  beforeAll(async () => {
    system = await AdminSystem.start();
    redis = createProducerRedis(system.env.REDIS_URL!);
    admin = system.http();
    expect((await admin.post('/api/admin/login').send(ADMIN_CREDENTIALS)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    redis?.disconnect();
    await system?.close();
  }, 60_000);

  it('finds every admin action in the admin service, behind the gateway’s admin routes, each exercised below', async () => {
    // the enumeration reads every service's handlers: it must see the whole graph the subgraphs serve
    const served = new Map<string, ServiceName[]>();
    const asGateway = await identityHeaders({ role: 'system', service: 'gateway' });
    for (const name of SERVICE_NAMES) {
      const answer = await fetch(`${system.env[`${name.toUpperCase()}_URL`]}/graphql`, {
        method: 'POST',
        headers: { ...asGateway, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ _service { sdl } }' }),
      });
      const body = (await answer.json()) as { data: { _service: { sdl: string } } };
      for (const field of mutationFieldsOf(parse(body.data._service.sdl)))
        served.set(field, [...(served.get(field) ?? []), name]);
    }
    const resolved = operations.filter((operation) => operation.verb === 'Mutation');
    expect(resolved.map((operation) => operation.path).sort()).toEqual([...served.keys()].sort());
    expect(operations.filter((operation) => operation.kind === 'rest').length).toBeGreaterThan(20);

    // only the admin service acts for an admin; billing's subgraph serves no admin mutation
    expect(adminActions.filter((operation) => operation.service !== 'admin')).toEqual([]);
    for (const operation of adminActions.filter((candidate) => candidate.kind === 'graphql')) {
      expect([operation.path, served.get(operation.path)]).toEqual([operation.path, ['admin']]);
    }
    // every admin REST action is reached through an admin-realm route of the gateway ...
    for (const operation of adminActions.filter((candidate) => candidate.kind === 'rest')) {
      const path = operation.path.replace(/:[^/]+/g, randomUUID());
      expect([operation.key, findRoute(path)]).toEqual([
        operation.key,
        { match: '/api/admin', service: 'admin', realm: 'admin' },
      ]);
    }
    // ... and every admin-realm route but the sign-in ones is the admin service's
    const elsewhere = SERVICE_ROUTES.filter((route) => route.realm === 'admin' && route.service !== 'admin');
    expect(elsewhere.map((route) => route.match)).toEqual(ADMIN_SESSION_PATHS);
    for (const path of ADMIN_SESSION_PATHS) {
      const handlers = operations.filter(
        (operation) => operation.service === 'auth' && operation.path === path,
      );
      expect(handlers.length).toBeGreaterThan(0);
      // signing in or out is open to anyone and acts on nothing but the caller's own session
      expect(handlers.every((handler) => handler.access.join() === 'anyone')).toBe(true);
    }

    expect(adminActions.map((operation) => operation.key).sort()).toEqual(Object.keys(EXERCISES).sort());
  });

  it.each(Object.keys(EXERCISES))('%s writes an audit entry', async (key) => {
    const audited = await EXERCISES[key]!();
    expect(await auditRows(audited)).toEqual([{ admin_username: ADMIN_CREDENTIALS.username }]);
  });

  it('refuses the admin GraphQL mutations to riders and signed-out callers, writing nothing', async () => {
    const rider = await register();
    const promos = async () =>
      ((await system.db.query('SELECT count(*)::int AS n FROM billing.promo_codes')) as { n: number }[])[0]!
        .n;
    const before = await promos();
    for (const agent of [rider.agent, system.http()]) {
      const answer = await system.adminGraphql(
        agent,
        'mutation($i: CreatePromoCodeInput!) { createPromoCode(input: $i) { id } }',
        { i: promoBody() },
      );
      expect(answer.body.data).toBeNull();
      expect(['FORBIDDEN', 'UNAUTHENTICATED']).toContain(answer.body.errors[0].extensions.code);
    }
    const tier = await system.adminGraphql(
      rider.agent,
      'mutation($u: ID!) { setSubscriptionTier(userId: $u, subscriptionTier: elite) { userId } }',
      { u: rider.id },
    );
    expect(tier.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await promos()).toBe(before);
    expect(await auditRows({ action: 'user.tier-changed', targetId: rider.id })).toEqual([]);
  });

  it('answers unknown or malformed targets and invalid input with 4xx over GraphQL, auditing nothing', async () => {
    const audited = async () =>
      ((await system.db.query('SELECT count(*)::int AS n FROM admin.admin_audit_log')) as { n: number }[])[0]!
        .n;
    const before = await audited();
    const deletePromo = 'mutation($id: ID!) { deletePromoCode(id: $id) }';
    const setTier = 'mutation($u: ID!) { setSubscriptionTier(userId: $u, subscriptionTier: pro) { userId } }';
    const calls: [string, Record<string, unknown>, number, string?][] = [
      [deletePromo, { id: randomUUID() }, 404, 'Promo code not found.'],
      [deletePromo, { id: '../revenue' }, 404, 'Promo code not found.'],
      [setTier, { u: randomUUID() }, 404],
      [setTier, { u: 'not-a-user' }, 404, 'User not found'],
      [
        'mutation($i: CreatePromoCodeInput!) { createPromoCode(input: $i) { id } }',
        { i: { ...promoBody(), discountValue: 150 } },
        400,
        'A percentage discount must be between 1 and 100.',
      ],
    ];
    for (const [query, variables, status, message] of calls) {
      const answer = await system.adminGraphql(admin, query, variables);
      expect(answer.body.data).toBeNull();
      expect(answer.body.errors[0].extensions.status).toBe(status);
      if (message) expect(answer.body.errors[0].message).toBe(message);
    }
    expect(await audited()).toBe(before);
  });

  it('billing answers admin questions only on its patterns, to the admin service only; no HTTP path is left', async () => {
    const promos = async () =>
      ((await system.db.query('SELECT count(*)::int AS n FROM billing.promo_codes')) as { n: number }[])[0]!
        .n;
    const before = await promos();
    const invalid = { ...promoBody(), discountValue: 150 };
    expect(
      await patternRefusals(system.patternConfig(), Patterns.adminCreatePromoCode, {
        payload: promoBody(),
        invalidPayload: invalid,
      }),
    ).toEqual(expectedRefusals('A percentage discount must be between 1 and 100.'));
    expect(await promos()).toBe(before);
    // billing's HTTP port serves only the gateway's paths: not even the admin service's identity finds one here
    const adminService = {
      ...(await identityHeaders({ role: 'system', service: 'admin' })),
      'content-type': 'application/json',
    };
    const paths: [string, string, object?][] = [
      ['GET', '/api/billing/admin/revenue'],
      ['GET', '/api/billing/admin/promo-codes'],
      ['POST', '/api/billing/admin/promo-codes', promoBody()],
      ['DELETE', `/api/billing/admin/promo-codes/${randomUUID()}`],
      ['POST', `/api/billing/admin/users/${randomUUID()}/tier`, { subscriptionTier: 'pro' }],
    ];
    for (const [method, path, body] of paths) {
      const answer = await fetch(`${system.env.BILLING_URL}${path}`, {
        method,
        headers: adminService,
        body: body ? JSON.stringify(body) : undefined,
      });
      expect([method, path, answer.status]).toEqual([method, path, 404]);
    }
    expect(await promos()).toBe(before);
    // through the gateway, even with an admin session, there is no such path
    expect((await admin.get('/api/billing/admin/revenue')).status).toBe(404);
    expect((await admin.post('/api/billing/admin/promo-codes').send(promoBody())).status).toBe(404);
  });

  it('ends every session of a deleted rider before the DELETE answers; the event still ends later ones', async () => {
    const rider = await register();
    const other = await register();
    expect((await rider.agent.get('/api/auth/user')).status).toBe(200);
    // hold the gateway's events, so only the answer's directive can have ended the session
    const queues = new QueueRegistry(redis, system.env.REDIS_PREFIX!);
    const gatewayEvents = queues.get(eventQueueName('gateway'));
    await gatewayEvents.pause();
    let straggler: string;
    try {
      const answer = await admin.delete(`/api/admin/users/${rider.id}`);
      expect(answer.status).toBe(200);
      expect(answer.headers[INTERNAL_HEADERS.sessionsRevoke]).toBeUndefined();
      expect((await rider.agent.get('/api/auth/user')).status).toBe(401);
      expect((await rider.agent.post('/graphql').send({ query: '{ me { id } }' })).body.data).toEqual({
        me: null,
      });
      expect((await other.agent.get('/api/auth/user')).status).toBe(200);
      // a session the directive could not see (started meanwhile): the user.deleted event ends it
      straggler = await system.gateway.store.create({ kind: 'user', userId: rider.id, tier: 'free' });
      expect(await system.gateway.store.get(straggler)).not.toBeNull();
      // the user.deleted event is relayed but held: it did not end the session above
      await eventually(async () =>
        (await gatewayEvents.getJobs(['wait'])).some(
          (job) => (job.data as { payload?: { userId?: string } }).payload?.userId === rider.id,
        ),
      );
    } finally {
      await gatewayEvents.resume();
    }
    await eventually(async () => (await system.gateway.store.get(straggler)) === null, 20_000);
    await queues.closeAll();
  }, 60_000);
});
