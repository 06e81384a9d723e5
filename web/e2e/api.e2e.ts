import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { baseURL, withDb } from './support/kit.js';

/** The spec's REST calls (section 7) through the real gateway and services. */
const newEmail = () => `e2e-${randomUUID().slice(0, 8)}@example.com`;
const rider = (email = newEmail()) => ({ email, password: 'secret12', firstName: 'Erin', lastName: 'Ellis' });

const sessionCookie = (setCookie: string | undefined) => /dq_session=([^;]*)/.exec(setCookie ?? '')?.[1];

test.describe('accounts through the gateway', () => {
  let api: APIRequestContext;
  test.beforeEach(async () => {
    api = await request.newContext({ baseURL: baseURL() });
  });
  test.afterEach(async () => {
    await api.dispose();
  });

  test('register -> user -> logout -> login, with a hardened session cookie', async () => {
    const body = rider();
    const registered = await api.post('/api/auth/register', { data: body });
    expect(registered.status()).toBe(201);
    const user = await registered.json();
    expect(user).toMatchObject({
      email: body.email,
      firstName: 'Erin',
      lastName: 'Ellis',
      subscriptionTier: 'free',
      stravaId: null,
      stripeCustomerId: null,
    });
    const setCookie = registered.headers()['set-cookie'];
    expect(setCookie).toMatch(/dq_session=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(Object.keys(registered.headers()).filter((h) => h.startsWith('x-domestique'))).toEqual([]);

    const me = await api.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect((await me.json()).id).toBe(user.id);

    const loggedOut = await api.post('/api/auth/logout');
    expect(loggedOut.ok()).toBe(true);
    expect((await api.get('/api/auth/user')).status()).toBe(401);

    const login = await api.post('/api/auth/login', {
      data: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(login.status()).toBe(200);
    expect((await login.json()).id).toBe(user.id);
    expect((await api.get('/api/auth/user')).status()).toBe(200);
  });

  test('login rotates the session id: the old cookie stops working', async () => {
    const body = rider();
    const first = await api.post('/api/auth/register', { data: body });
    const oldId = sessionCookie(first.headers()['set-cookie']);
    const second = await api.post('/api/auth/login', {
      data: { email: body.email, password: body.password },
    });
    const newId = sessionCookie(second.headers()['set-cookie']);
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(oldId);
    const stale = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { cookie: `dq_session=${oldId}` },
    });
    expect((await stale.get('/api/auth/user')).status()).toBe(401);
    await stale.dispose();
  });

  test('wrong password and unknown email answer the same 401 message', async () => {
    const body = rider();
    await api.post('/api/auth/register', { data: body });
    const anonymous = await request.newContext({ baseURL: baseURL() });
    const wrong = await anonymous.post('/api/auth/login', {
      data: { email: body.email, password: 'nope-nope' },
    });
    const unknown = await anonymous.post('/api/auth/login', {
      data: { email: newEmail(), password: 'nope-nope' },
    });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid email or password');
    expect(await unknown.json()).toEqual(await wrong.json());
    expect(wrong.headers()['set-cookie']).toBeUndefined();
    await anonymous.dispose();
  });

  test('bad registrations get a 4xx with a message and write nothing', async () => {
    const email = newEmail();
    const count = () =>
      withDb(async (c) => Number((await c.query('SELECT count(*) FROM auth.users')).rows[0].count));
    const before = await count();
    const cases: [unknown, number][] = [
      [{ ...rider(email), email: 'bad' }, 400],
      [{ ...rider(email), password: '123' }, 400],
      [{ email, password: 'secret12' }, 400],
      [{ ...rider(email), extra: true }, 400],
    ];
    for (const [data, status] of cases) {
      const answer = await api.post('/api/auth/register', { data: data as object });
      expect(answer.status()).toBe(status);
      expect(typeof (await answer.json()).message).toBe('string');
    }
    const notJson = await api.post('/api/auth/register', {
      headers: { 'content-type': 'application/json' },
      data: '{"email":',
    });
    expect(notJson.status()).toBe(400);
    expect((await notJson.json()).message).toBe('Request body is not valid JSON');
    const huge = await api.post('/api/auth/register', {
      data: { ...rider(email), firstName: 'x'.repeat(2_000_000) },
    });
    expect(huge.status()).toBe(413);
    expect(await count()).toBe(before);

    await api.post('/api/auth/register', { data: rider(email) });
    const taken = await api.post('/api/auth/register', { data: rider(email.toUpperCase()) });
    expect(taken.status()).toBe(409);
    expect((await taken.json()).message).toBe('An account with this email already exists');
  });

  test('registration reaches the other services through events', async () => {
    const registered = await (await api.post('/api/auth/register', { data: rider() })).json();
    await expect
      .poll(
        () =>
          withDb(
            async (c) =>
              (
                await c.query('SELECT used FROM analysis.monthly_analysis_usage WHERE user_id = $1', [
                  registered.id,
                ])
              ).rows,
          ),
        {
          timeout: 15_000,
        },
      )
      .toEqual([{ used: 0 }]);
    await expect
      .poll(
        () =>
          withDb(
            async (c) =>
              (
                await c.query('SELECT email FROM billing.billing_customers WHERE user_id = $1', [
                  registered.id,
                ])
              ).rows,
          ),
        {
          timeout: 15_000,
        },
      )
      .toEqual([{ email: registered.email }]);
    const limit = await api.get('/api/user/monthly-analysis-limit');
    expect(await limit.json()).toEqual({
      hasLimit: true,
      used: 0,
      limit: 5,
      remaining: 5,
      limitReached: false,
    });
  });

  test('GraphQL sees the same session and offers the same operations', async () => {
    const registered = await (await api.post('/api/auth/register', { data: rider() })).json();
    const answer = await api.post('/graphql', {
      data: {
        query: '{ me { id email subscriptionTier } monthlyAnalysisLimit { remaining } plans { id price } }',
      },
    });
    const { data } = await answer.json();
    expect(data.me).toEqual({ id: registered.id, email: registered.email, subscriptionTier: 'free' });
    expect(data.monthlyAnalysisLimit.remaining).toBe(5);
    expect(data.plans.map((p: { price: number }) => p.price)).toEqual([0, 99, 199]);

    const other = await request.newContext({ baseURL: baseURL() });
    const body = rider();
    const viaGraphql = await other.post('/graphql', {
      data: {
        query: 'mutation($i: LoginInput!) { login(input: $i) { id } }',
        variables: { i: { email: registered.email, password: 'secret12' } },
      },
    });
    expect((await viaGraphql.json()).data.login.id).toBe(registered.id);
    expect(viaGraphql.headers()['set-cookie']).toMatch(/dq_session=/);
    expect((await (await other.get('/api/auth/user')).json()).id).toBe(registered.id);
    const registerViaGraphql = await other.post('/graphql', {
      data: {
        query: 'mutation($i: RegisterInput!) { register(input: $i) { email } }',
        variables: { i: body },
      },
    });
    expect((await registerViaGraphql.json()).data.register.email).toBe(body.email);
    await other.post('/graphql', { data: { query: 'mutation { logout }' } });
    expect((await other.get('/api/auth/user')).status()).toBe(401);
    await other.dispose();
  });

  test('protected calls need a session; admin paths need an admin session', async () => {
    expect((await api.get('/api/auth/user')).status()).toBe(401);
    expect((await api.get('/api/rides')).status()).toBe(401);
    await api.post('/api/auth/register', { data: rider() });
    expect((await api.get('/api/rides')).status()).toBe(200);
    const adminQuery = await api.post('/graphql', { data: { query: '{ adminAuditLog { id } }' } });
    expect((await adminQuery.json()).errors[0].extensions.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
  });
});

test.describe('the gateway itself', () => {
  test('health, security headers, unknown API paths, SPA fallback and cross-site refusal', async ({
    request: api,
  }) => {
    const health = await api.get('/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', graph: 'composed' });

    const page = await api.get('/rides/some/deep/link');
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toMatch(/text\/html/);
    expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
    expect(page.headers()['x-powered-by']).toBeUndefined();

    const missing = await api.get('/api/does-not-exist');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });

    const crossSite = await api.post('/api/auth/login', {
      headers: { origin: 'https://evil.example' },
      data: { email: 'a@b.co', password: 'secret12' },
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toEqual({ message: 'Cross-site request refused' });

    const login = await api.get('/api/login', { maxRedirects: 0 });
    expect(login.status()).toBe(302);
    expect(login.headers().location).toBe('/auth?mode=register');
  });
});
