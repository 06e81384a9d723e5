import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@domestique/common/testing';
import { ADMIN_DIRECTORY_MAX_PAGE, type AdminUserDto, type UserDeletionDto } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { ADMIN_CREDENTIALS, AdminSystem } from '../test/integration/admin-system.js';

interface Rider {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  agent: ReturnType<AdminSystem['http']>;
  sessionId: string;
}

const sessionIdOf = (answer: Response, cookie: string): string => {
  const header = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const value = header.map((line) => new RegExp(`^${cookie}=([^;]+)`).exec(line)?.[1]).find(Boolean);
  if (!value) throw new Error(`no ${cookie} cookie in ${JSON.stringify(header)}`);
  return decodeURIComponent(value);
};

describe('admin area through the real gateway (every service, real PostgreSQL + Redis)', () => {
  let system: AdminSystem;
  let admin: ReturnType<AdminSystem['http']>;
  let free: Rider;
  let pro: Rider;
  /** how many rides each has (their Strava athletes' cycling activities) */
  let freeRides: number;
  let proRides: number;

  const register = async (firstName: string, lastName: string): Promise<Rider> => {
    const { id, email, agent, answer } = await system.registerRider(firstName, lastName);
    return { id, email, firstName, lastName, agent, sessionId: sessionIdOf(answer, 'dq_session') };
  };

  /**
   * The rider's data in rides and analysis, made the way riders make it: Strava athlete `athlete`
   * connected and synced (rides), the newest ride analysed (feedback and quota use). Answers the
   * number of rides.
   */
  const seedRiderData = async (rider: Rider, athlete: number): Promise<number> => {
    const rides = await system.connectStrava(rider.agent, athlete);
    expect(rides).toBeGreaterThan(0);
    const synced = await eventually(async () => {
      const list = (await rider.agent.get('/api/rides')).body as { id: string }[];
      return list.length === rides ? list : null;
    }, 60_000);
    await eventually(
      async () => (await rider.agent.post(`/api/rides/${synced[0]!.id}/analyze`)).status === 200,
    );
    return rides;
  };

  /** A free rider who was Pro for a while and chatted with the coach (chat is for paid tiers). */
  const chatWhilePro = async (rider: Rider) => {
    const tierOf = async () =>
      ((await rider.agent.get('/api/auth/user')).body as { subscriptionTier: string }).subscriptionTier;
    expect((await admin.patch(`/api/admin/users/${rider.id}`).send({ subscriptionTier: 'pro' })).status).toBe(
      200,
    );
    await eventually(async () => (await tierOf()) === 'pro');
    expect((await rider.agent.post('/api/coach/chat').send({ message: 'How was my week?' })).status).toBe(
      200,
    );
    expect(
      (await admin.patch(`/api/admin/users/${rider.id}`).send({ subscriptionTier: 'free' })).status,
    ).toBe(200);
    await eventually(async () => (await tierOf()) === 'free');
  };

  /** Rows holding this user's id, per table, in every schema of a service that keeps user data. */
  const rowsOf = async (userId: string): Promise<Record<string, number>> => {
    const tables = (await system.db.query(
      `SELECT table_schema, table_name, column_name FROM information_schema.columns
        WHERE table_schema IN ('auth', 'rides', 'analysis', 'billing')
          AND (column_name = 'user_id' OR (table_schema = 'auth' AND table_name = 'users' AND column_name = 'id'))`,
    )) as { table_schema: string; table_name: string; column_name: string }[];
    const counts: Record<string, number> = {};
    for (const { table_schema, table_name, column_name } of tables) {
      const [row] = (await system.db.query(
        `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE "${column_name}"::text = $1`,
        [userId],
      )) as { n: number }[];
      counts[`${table_schema}.${table_name}`] = row!.n;
    }
    return counts;
  };
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    system = await AdminSystem.start([{ activities: 4 }, { activities: 3 }]);
    admin = system.http();
    const login = await admin.post('/api/admin/login').send(ADMIN_CREDENTIALS);
    expect(login.status).toBe(200);
    free = await register('Beryl', 'Burton');
    pro = await register('Eddy', 'Merckx');
    freeRides = await seedRiderData(free, 0);
    await chatWhilePro(free);
    proRides = await seedRiderData(pro, 1);
  }, 120_000);
  afterAll(async () => {
    await system?.close();
  }, 60_000);

  describe('access: anonymous 401, riders 403 (free or pro), admin allowed', () => {
    const someId = randomUUID();
    const calls: [string, string, object?][] = [
      ['get', '/api/admin/users'],
      ['get', '/api/admin/stats'],
      ['get', '/api/admin/promo-codes'],
      ['post', '/api/admin/promo-codes', { code: 'NOPE' }],
      ['delete', `/api/admin/promo-codes/${someId}`],
      ['patch', `/api/admin/users/${someId}`, { subscriptionTier: 'pro' }],
      ['delete', `/api/admin/users/${someId}`],
      ['get', `/api/admin/users/${someId}/deletion`],
    ];
    const send = (agent: ReturnType<AdminSystem['http']>, [method, path, body]: (typeof calls)[number]) => {
      const call = (agent as unknown as Record<string, (path: string) => ReturnType<typeof agent.get>>)[
        method
      ]!(path);
      return body ? call.send(body) : call;
    };

    it.each(calls)('%s %s', async (...call) => {
      expect((await send(system.http(), call)).status).toBe(401);
      // a rider's session is not an admin session: the gateway passes the rider's identity on (never
      // the rider's session) and the admin service refuses it
      expect((await send(free.agent, call)).status).toBe(403);
      const answer = await send(admin, call);
      expect([200, 201, 400, 404]).toContain(answer.status);
    });

    it('the admin service refuses a rider identity (free and pro) with 403 on every path', async () => {
      const { identityHeaders } = await import('@domestique/common/testing');
      const adminUrl = system.env.ADMIN_URL!;
      for (const tier of ['free', 'pro'] as const) {
        const headers = await identityHeaders({ role: 'user', userId: free.id, tier });
        for (const [method, path, body] of calls) {
          const answer = await fetch(`${adminUrl}${path}`, {
            method: method.toUpperCase(),
            headers: { ...headers, 'content-type': 'application/json' },
            body: body ? JSON.stringify(body) : undefined,
          });
          expect([method, path, tier, answer.status]).toEqual([method, path, tier, 403]);
        }
      }
    });
  });

  it('lists every user with totalRides and totalAiFeedback; searches name or email, filters by tier', async () => {
    const all = await admin.get('/api/admin/users');
    expect(all.status).toBe(200);
    const users = all.body as AdminUserDto[];
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(users.find((user) => user.id === free.id)).toMatchObject({
      email: free.email,
      firstName: 'Beryl',
      lastName: 'Burton',
      subscriptionTier: 'free',
      totalRides: freeRides,
      totalAiFeedback: 1,
    });
    expect(JSON.stringify(users)).not.toContain('passwordHash');

    const byName = await admin.get('/api/admin/users').query({ search: 'bERYL burt' });
    expect((byName.body as AdminUserDto[]).map((user) => user.id)).toContain(free.id);
    expect((byName.body as AdminUserDto[]).map((user) => user.id)).not.toContain(pro.id);
    const byEmail = await admin.get('/api/admin/users').query({ search: pro.email.toUpperCase() });
    expect((byEmail.body as AdminUserDto[]).map((user) => user.id)).toEqual([pro.id]);
    const literal = await admin.get('/api/admin/users').query({ search: '%' });
    expect(literal.body).toEqual([]);
    expect((await admin.get('/api/admin/users').query({ tier: 'gold' })).status).toBe(400);
    const paged = await admin.get('/api/admin/users').query({ limit: 1 });
    expect(paged.body).toHaveLength(1);
  });

  it('a tier change is recorded by billing and carried by the rider’s next request; invalid tier 400', async () => {
    expect((await admin.patch(`/api/admin/users/${pro.id}`).send({ subscriptionTier: 'gold' })).body).toEqual(
      {
        message: 'Subscription tier must be free, pro or elite.',
        code: 'BAD_REQUEST',
      },
    );
    expect((await admin.patch(`/api/admin/users/${pro.id}`).send({})).status).toBe(400);
    expect(
      (await admin.patch(`/api/admin/users/${randomUUID()}`).send({ subscriptionTier: 'pro' })).status,
    ).toBe(404);
    // other suites share this database and may hold paid subscriptions: compare with the figure before
    const revenueBefore = ((await admin.get('/api/admin/stats')).body as { monthlyRevenue: number })
      .monthlyRevenue;
    const changed = await admin.patch(`/api/admin/users/${pro.id}`).send({ subscriptionTier: 'pro' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: 'User Updated', userId: pro.id, subscriptionTier: 'pro' });
    // the gateway's session (what the next request is signed with) and auth's user both follow
    await eventually(
      async () =>
        ((await system.gateway.store.get(pro.sessionId)) as { tier?: string } | null)?.tier === 'pro',
    );
    await eventually(async () => (await pro.agent.get('/api/auth/user')).body.subscriptionTier === 'pro');
    const stats = await admin.get('/api/admin/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      totalUsers: expect.any(Number),
      proUsers: expect.any(Number),
      eliteUsers: expect.any(Number),
      // an admin-set tier brings no revenue
      monthlyRevenue: revenueBefore,
    });
    expect((stats.body as { proUsers: number }).proUsers).toBeGreaterThanOrEqual(1);
    const audit = (await system.db.query(
      `SELECT admin_username, action, target_id FROM admin.admin_audit_log WHERE target_id = $1`,
      [pro.id],
    )) as unknown[];
    expect(audit).toEqual([{ admin_username: 'chief', action: 'user.tier-changed', target_id: pro.id }]);
  });

  it('promo codes: create (billing validates with the spec words), list, delete, each audited', async () => {
    const missing = await admin
      .post('/api/admin/promo-codes')
      .send({ code: 'X', discountType: 'percentage' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill in all required fields.');
    const code = `ADM${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await admin.post('/api/admin/promo-codes').send({
      code: code.toLowerCase(),
      description: 'Winter',
      discountType: 'percentage',
      discountValue: 25,
      validFrom: new Date(Date.now() - 3600_000).toISOString(),
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      usageLimit: null,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code,
      discountType: 'percentage',
      discountValue: 25,
      status: 'ACTIVE',
    });
    const listed = await admin.get('/api/admin/promo-codes');
    expect((listed.body as { code: string }[]).map((promo) => promo.code)).toContain(code);
    const id = (created.body as { id: string }).id;
    expect((await admin.delete(`/api/admin/promo-codes/${id}`)).body).toEqual({
      message: 'Promo Code Deleted',
    });
    const after = await admin.get('/api/admin/promo-codes');
    expect((after.body as { code: string }[]).map((promo) => promo.code)).not.toContain(code);
    const actions = (await system.db.query(
      `SELECT action FROM admin.admin_audit_log WHERE target_id = $1 ORDER BY created_at`,
      [id],
    )) as { action: string }[];
    expect(actions.map((row) => row.action)).toEqual(['promo.created', 'promo.deleted']);
  });

  it('deletion purges that user in every service, and only that user, also with a worker down meanwhile', async () => {
    const before = await rowsOf(free.id);
    const othersBefore = await rowsOf(pro.id);
    expect(before['auth.users']).toBe(1);
    expect(before['rides.rides']).toBe(freeRides);
    expect(before['analysis.chat_messages']).toBe(1);

    await system.stopWorker('rides');
    const first = await admin.delete(`/api/admin/users/${free.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'User Deleted', userId: free.id, status: 'pending' });
    // asking again changes nothing (no second event), and the user leaves the admin list at once
    const again = await admin.delete(`/api/admin/users/${free.id}`);
    expect(again.status).toBe(200);
    const listed = (await admin.get('/api/admin/users')).body as AdminUserDto[];
    expect(listed.map((user) => user.id)).not.toContain(free.id);

    // everyone else purges and the rider's session ends; rides is down, so the deletion waits
    const waiting = await eventually(async () => {
      const status = (await admin.get(`/api/admin/users/${free.id}/deletion`)).body as UserDeletionDto;
      return status.purgedBy.length === 3 ? status : null;
    }, 20_000);
    expect(waiting).toMatchObject({ status: 'pending', pendingServices: ['rides'], completedAt: null });
    expect((await free.agent.get('/api/auth/user')).status).toBe(401);
    expect((await rowsOf(free.id))['rides.rides']).toBe(freeRides);

    await system.startWorker('rides');
    const done = await eventually(async () => {
      const status = (await admin.get(`/api/admin/users/${free.id}/deletion`)).body as UserDeletionDto;
      return status.status === 'complete' ? status : null;
    }, 20_000);
    expect(done.pendingServices).toEqual([]);
    expect([...done.purgedBy].sort()).toEqual(['analysis', 'auth', 'billing', 'rides']);

    const after = await rowsOf(free.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(total(before)).toBeGreaterThan(0);
    expect(await rowsOf(pro.id)).toEqual(othersBefore);
    expect((await pro.agent.get('/api/auth/user')).status).toBe(200);

    const events = (await system.db.query(
      `SELECT count(*)::int AS n FROM admin.outbox_events WHERE name = 'user.deleted' AND payload->>'userId' = $1`,
      [free.id],
    )) as { n: number }[];
    expect(events[0]!.n).toBe(1);
    expect((await admin.delete(`/api/admin/users/${randomUUID()}`)).status).toBe(404);
    expect((await admin.delete('/api/admin/users/not-a-uuid')).status).toBe(404);
  }, 90_000);

  it('lists every user past one directory batch, each with their own counts', async () => {
    // the list is composed in batches of ADMIN_DIRECTORY_MAX_PAGE users: make sure there is more than one
    const present = Number(
      (await admin.get('/api/admin/users').query({ limit: 1 })).headers['x-total-count'],
    );
    const tag = randomUUID().slice(0, 6);
    const bulk = Array.from(
      { length: Math.max(20, ADMIN_DIRECTORY_MAX_PAGE + 1 - present) },
      (_, n) => `bulk-${tag}-${n}@example.com`,
    );
    const queue = [...bulk];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let email = queue.shift(); email; email = queue.shift()) {
          const answer = await system
            .http()
            .post('/api/auth/register')
            .send({ email, password: 'riding-along-1', firstName: 'Bulk', lastName: `Rider ${tag}` });
          expect(answer.status).toBe(201);
        }
      }),
    );

    const answer = await admin.get('/api/admin/users');
    expect(answer.status).toBe(200);
    const users = answer.body as AdminUserDto[];
    expect(users.length).toBeGreaterThan(ADMIN_DIRECTORY_MAX_PAGE);
    expect(Number(answer.headers['x-total-count'])).toBe(users.length);
    expect(new Set(users.map((user) => user.id)).size).toBe(users.length);
    const listed = users.filter((user) => user.email.startsWith(`bulk-${tag}-`));
    expect(listed.map((user) => user.email).sort()).toEqual([...bulk].sort());
    expect(listed.every((user) => user.totalRides === 0 && user.totalAiFeedback === 0)).toBe(true);
    // the counts of riders who have rides are theirs, wherever they fall among the batches
    expect(users.find((user) => user.id === pro.id)).toMatchObject({
      totalRides: proRides,
      totalAiFeedback: 1,
    });
    const filtered = await admin.get('/api/admin/users').query({ search: bulk[7], tier: 'free' });
    expect((filtered.body as AdminUserDto[]).map((user) => user.email)).toEqual([bulk[7]]);
  }, 120_000);
});
