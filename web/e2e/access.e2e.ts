import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { adminApi, setTierAsAdmin } from './support/admin.js';
import { baseURL, withDb } from './support/kit.js';

/**
 * Issue 9's access matrix: every REST path of spec section 7 (and the ones the issues add) called as
 * anonymous, free, pro, elite and admin, each answering its designed status; then another rider's
 * ride, goal and chat, which nobody else can read or change. Calls with side effects use ids that
 * do not exist or bodies that are refused, so the matrix changes nothing.
 */
type Role = 'anonymous' | 'free' | 'pro' | 'elite' | 'admin';
const ROLES: Role[] = ['anonymous', 'free', 'pro', 'elite', 'admin'];
/** a status, 'ok' (2xx) or 'allowed' (past the access check: neither 401 nor 403, never 5xx) */
type Expected = number | 'ok' | 'allowed';

const MISSING = randomUUID();
const rider = (user: Expected, rest: Partial<Record<Role, Expected>> = {}) => ({
  anonymous: 401,
  free: user,
  pro: user,
  elite: user,
  admin: 401,
  ...rest,
});
const paid = (expected: Expected) => rider(expected, { free: 403 });
const elite = (expected: Expected) => rider(expected, { free: 403, pro: 403 });
const adminOnly = (expected: Expected) => ({
  anonymous: 401,
  free: 403,
  pro: 403,
  elite: 403,
  admin: expected,
});
const anyone = (expected: Expected) => ({
  anonymous: expected,
  free: expected,
  pro: expected,
  elite: expected,
  admin: expected,
});

const MATRIX: {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  data?: unknown;
  expect: Record<Role, Expected>;
}[] = [
  { method: 'GET', path: '/api/auth/user', expect: rider('ok') },
  {
    method: 'POST',
    path: '/api/auth/login',
    data: { email: 'nobody@example.com', password: 'wrong-one' },
    expect: anyone(401),
  },
  { method: 'POST', path: '/api/auth/register', data: {}, expect: anyone(400) },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    // one address per role: the per-account limit would otherwise answer 429 to the later roles
    data: (role: Role) => ({ email: `not-an-email-${role}` }),
    expect: anyone(400),
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    data: { token: 'x'.repeat(64), newPassword: 'secret12' },
    expect: anyone(400),
  },
  {
    method: 'POST',
    path: '/api/waitlist/elite/public',
    data: { email: 'not-an-email' },
    expect: anyone(400),
  },
  { method: 'POST', path: '/api/promo/validate', data: { code: 'NO-SUCH-CODE' }, expect: anyone('allowed') },
  { method: 'PATCH', path: '/api/profile', data: { firstName: 42 }, expect: rider(400) },
  { method: 'POST', path: '/api/stripe/create-checkout-session', data: {}, expect: rider(400) },
  { method: 'POST', path: '/api/stripe/create-portal-session', expect: rider('allowed') },
  { method: 'GET', path: '/api/subscription', expect: rider('ok') },
  { method: 'GET', path: '/api/strava/sync', expect: rider('allowed') },
  { method: 'GET', path: '/api/dashboard/stats', expect: rider('ok') },
  { method: 'GET', path: '/api/rides', expect: rider('ok') },
  { method: 'GET', path: '/api/user/averages', expect: rider('ok') },
  { method: 'GET', path: '/api/user/monthly-analysis-limit', expect: rider('ok') },
  { method: 'POST', path: `/api/rides/${MISSING}/ai-feedback`, expect: rider(404) },
  { method: 'POST', path: `/api/rides/${MISSING}/analyze`, expect: rider(404) },
  { method: 'GET', path: '/api/performance/trends', expect: paid('ok') },
  { method: 'GET', path: '/api/analytics/lifetime', expect: rider('ok') },
  { method: 'GET', path: '/api/coach/chat', expect: paid('ok') },
  { method: 'POST', path: '/api/coach/chat', data: { message: '   ' }, expect: paid(400) },
  // issues 20-23: the ride page, uploads, training (Pro), exports and the calendar feed (Elite)
  { method: 'GET', path: `/api/rides/${MISSING}`, expect: rider(404) },
  { method: 'DELETE', path: `/api/rides/${MISSING}`, expect: rider(404) },
  { method: 'POST', path: '/api/rides/upload', data: {}, expect: rider(400) },
  { method: 'GET', path: '/api/rides/imports', expect: rider('ok') },
  { method: 'GET', path: `/api/rides/imports/${MISSING}`, expect: rider(404) },
  { method: 'GET', path: '/api/training/load', expect: paid('ok') },
  { method: 'GET', path: '/api/training/weekly', expect: paid('ok') },
  { method: 'GET', path: '/api/training/recommendations', expect: paid('ok') },
  { method: 'GET', path: '/api/power/curve', expect: paid('ok') },
  {
    method: 'GET',
    path: '/api/training/workouts/2020-01-01/export?format=zwo',
    expect: elite(404),
  },
  { method: 'GET', path: '/api/training/calendar-feed', expect: elite('ok') },
  { method: 'POST', path: '/api/training/calendar-feed', expect: elite('ok') },
  { method: 'DELETE', path: '/api/training/calendar-feed', expect: elite('ok') },
  { method: 'GET', path: `/api/training/calendar-feed/${'A'.repeat(43)}.ics`, expect: anyone(404) },
  // issue 23: training plans, the calendar and race preparation (Elite; these riders have no plan)
  { method: 'POST', path: '/api/plans', data: {}, expect: elite(400) },
  { method: 'GET', path: '/api/plans/current', expect: elite(404) },
  { method: 'DELETE', path: '/api/plans/current', expect: elite(404) },
  {
    method: 'PATCH',
    path: `/api/plans/current/sessions/${MISSING}`,
    data: { date: '2030-01-01' },
    expect: elite(404),
  },
  { method: 'GET', path: '/api/plans/calendar?from=2026-01-01&to=2026-01-07', expect: elite('ok') },
  { method: 'POST', path: '/api/plans/current/course', data: {}, expect: elite(404) },
  { method: 'DELETE', path: '/api/plans/current/course', expect: elite(404) },
  {
    method: 'GET',
    path: `/api/plans/current/sessions/${MISSING}/export?format=zwo`,
    expect: elite(404),
  },
  { method: 'GET', path: '/api/goals', expect: rider('ok') },
  { method: 'POST', path: '/api/goals', data: {}, expect: rider(400) },
  { method: 'PATCH', path: `/api/goals/${MISSING}`, data: { title: 'Nope' }, expect: rider(404) },
  { method: 'DELETE', path: `/api/goals/${MISSING}`, expect: rider(404) },
  { method: 'GET', path: '/api/admin/users', expect: adminOnly('ok') },
  { method: 'GET', path: '/api/admin/stats', expect: adminOnly('ok') },
  { method: 'GET', path: '/api/admin/promo-codes', expect: adminOnly('ok') },
  { method: 'POST', path: '/api/admin/promo-codes', data: {}, expect: adminOnly(400) },
  { method: 'DELETE', path: `/api/admin/promo-codes/${MISSING}`, expect: adminOnly(404) },
  {
    method: 'PATCH',
    path: `/api/admin/users/${MISSING}`,
    data: { subscriptionTier: 'pro' },
    expect: adminOnly(404),
  },
  {
    method: 'PATCH',
    path: `/api/admin/users/${MISSING}`,
    data: { subscriptionTier: 'gold' },
    expect: adminOnly(400),
  },
  { method: 'DELETE', path: `/api/admin/users/${MISSING}`, expect: adminOnly(404) },
];

const matches = (expected: Expected, status: number) =>
  expected === 'ok'
    ? status >= 200 && status < 300
    : expected === 'allowed'
      ? status !== 401 && status !== 403 && status < 500
      : status === expected;

const register = async (api: APIRequestContext, firstName: string) => {
  const answer = await api.post('/api/auth/register', {
    data: {
      email: `access-${randomUUID().slice(0, 8)}@example.com`,
      password: 'access-pass-1',
      firstName,
      lastName: 'Matrix',
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
};

test.describe('access matrix', () => {
  const sessions = {} as Record<Role, APIRequestContext>;
  const userIds = {} as Record<'free' | 'pro' | 'elite', string>;

  test.beforeAll(async () => {
    for (const role of ROLES)
      sessions[role] = role === 'admin' ? await adminApi() : await request.newContext({ baseURL: baseURL() });
    for (const role of ['free', 'pro', 'elite'] as const)
      userIds[role] = await register(sessions[role], role);
    for (const role of ['pro', 'elite'] as const) {
      await setTierAsAdmin(userIds[role], role);
      await expect
        .poll(
          async () =>
            ((await (await sessions[role].get('/api/auth/user')).json()) as { subscriptionTier: string })
              .subscriptionTier,
        )
        .toBe(role);
    }
  });

  test.afterAll(async () => {
    for (const role of ROLES) await sessions[role].dispose();
  });

  test('every path answers each role as designed', async () => {
    const wrong: string[] = [];
    for (const row of MATRIX) {
      for (const role of ROLES) {
        const data = typeof row.data === 'function' ? (row.data as (role: Role) => unknown)(role) : row.data;
        const answer = await sessions[role].fetch(row.path, { method: row.method, data });
        const status = answer.status();
        if (!matches(row.expect[role], status)) {
          wrong.push(
            `${row.method} ${row.path} as ${role}: ${status} (expected ${row.expect[role]}) ${(await answer.text()).slice(0, 120)}`,
          );
        } else if (status >= 400) {
          const body = (await answer.json().catch(() => undefined)) as { message?: unknown } | undefined;
          if (typeof body?.message !== 'string')
            wrong.push(`${row.method} ${row.path} as ${role}: ${status} without {message}`);
        }
      }
    }
    process.stdout.write(
      `access matrix: ${MATRIX.length} calls × ${ROLES.length} roles, ${wrong.length} wrong\n`,
    );
    expect(wrong).toEqual([]);
  });

  test("nobody reads or changes another rider's ride, goal or chat", async () => {
    const owner = sessions.pro;
    const other = sessions.elite;
    const goal = await owner.post('/api/goals', {
      data: { title: 'Owner goal', type: 'distance', targetValue: 50, targetDate: '2030-01-01' },
    });
    expect(goal.status()).toBe(201);
    const goalId = ((await goal.json()) as { id: string }).id;
    const rideId = await withDb(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO rides.rides (user_id, source, external_id, name, start_date, distance_m, moving_time_s, elapsed_time_s)
         VALUES ($1, 'manual', $2, 'Owner ride', now() - interval '1 day', 40000, 5400, 5600) RETURNING id`,
        [userIds.pro, randomUUID()],
      );
      return rows[0]!.id;
    });
    const chat = await owner.post('/api/coach/chat', { data: { message: 'How was my last ride?' } });
    expect(chat.ok()).toBe(true);

    expect((await other.patch(`/api/goals/${goalId}`, { data: { title: 'Mine now' } })).status()).toBe(404);
    expect((await other.delete(`/api/goals/${goalId}`)).status()).toBe(404);
    expect((await other.post(`/api/rides/${rideId}/ai-feedback`)).status()).toBe(404);
    expect((await other.post(`/api/rides/${rideId}/analyze`)).status()).toBe(404);
    const otherGoals = (await (await other.get('/api/goals')).json()) as { id: string }[];
    expect(otherGoals.map((g) => g.id)).not.toContain(goalId);
    const otherRides = JSON.stringify(await (await other.get('/api/rides')).json());
    expect(otherRides).not.toContain(rideId);
    const otherChat = JSON.stringify(await (await other.get('/api/coach/chat')).json());
    expect(otherChat).not.toContain('How was my last ride?');
    const graph = await other.post('/graphql', {
      data: { query: '{ ridesPage(limit: 50) { rides { id } } goals { id } }' },
    });
    const graphText = await graph.text();
    expect(graphText).not.toContain(rideId);
    expect(graphText).not.toContain(goalId);
    // and the owner still has both, untouched
    const ownerGoals = (await (await owner.get('/api/goals')).json()) as { id: string; title: string }[];
    expect(ownerGoals.find((g) => g.id === goalId)?.title).toBe('Owner goal');
  });
});
