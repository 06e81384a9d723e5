import { expect, request, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { createDecipheriv, createHash, hkdfSync, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { authorizeOnStrava, baseURL, freeAthlete, stackEnv, withDb } from './support/kit.js';
import { RIDER_PASSWORD } from './support/riders.js';

/**
 * Issue 9's security review through the real gateway and services: session cookies and their
 * rotation, CSRF refusals, security headers, sign-in throttles, reset-token rules, Strava tokens
 * encrypted at rest, answers without internals, and process logs without secrets.
 */

/** Values that must never reach a log line: every session id, token and password this spec sees. */
const confidential = new Set<string>([RIDER_PASSWORD]);
const keep = (...values: (string | undefined)[]) => {
  for (const value of values) if (value) confidential.add(value);
};

const newRider = () => ({
  email: `security-${randomUUID().slice(0, 8)}@example.com`,
  password: `secret-${randomUUID().slice(0, 12)}`,
  firstName: 'Eddy',
  lastName: 'Merckx',
});

const setCookies = (answer: APIResponse) =>
  answer
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value);

/** The id a Set-Cookie of `name` carries, after checking the cookie's attributes. */
const sessionFrom = (answer: APIResponse, name: 'dq_session' | 'dq_admin'): string => {
  const cookie = setCookies(answer).find((value) => value.startsWith(`${name}=`));
  expect(cookie, `${name} cookie`).toBeTruthy();
  const [pair = '', ...attributes] = cookie!.split(';').map((part) => part.trim());
  const flags = attributes.map((attribute) => attribute.toLowerCase());
  expect(flags).toContain('httponly');
  expect(flags).toContain('path=/');
  expect(flags.some((flag) => flag === 'samesite=lax' || flag === 'samesite=strict')).toBe(true);
  // the e2e stack is plain http with NODE_ENV=test: a Secure cookie would never come back
  expect(flags).not.toContain('secure');
  const id = pair.slice(name.length + 1);
  expect(id.length).toBeGreaterThanOrEqual(32);
  keep(id);
  return id;
};

const register = async (api: APIRequestContext, rider = newRider()) => {
  keep(rider.password);
  const answer = await api.post('/api/auth/register', { data: rider });
  expect(answer.status()).toBe(201);
  return { rider, answer, id: ((await answer.json()) as { id: string }).id };
};

const adminCredentials = () => ({
  username: stackEnv().ADMIN_USERNAME ?? 'admin',
  password: stackEnv().ADMIN_PASSWORD ?? 'domestique-admin',
});

/** Answers carry no stack, no source path, no internal error text. */
const expectNoInternals = async (answer: APIResponse) => {
  const text = await answer.text();
  expect(text).not.toMatch(
    /"stack"|stacktrace|\bat [\w.<>]+ \(|node:internal|node_modules|\/work\/|\.[jt]s:\d+/i,
  );
  expect(text).not.toMatch(/QueryFailedError|TypeError|ECONNREFUSED|SELECT |INSERT /);
};

interface CaughtMail {
  text: string;
  to: { address: string }[];
}
/** The reset tokens maildev caught, for one address or for everyone. */
const mailedResetTokens = async (address?: string): Promise<string[]> => {
  const answer = await fetch(`http://127.0.0.1:${stackEnv().MAILDEV_WEB_PORT}/api/email`);
  return ((await answer.json()) as CaughtMail[])
    .filter((mail) => !address || mail.to.some((to) => to.address === address))
    .map((mail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '');
};

/** AES-256-GCM `v1.<iv>.<tag>.<ciphertext>` with the rider id as associated data (ARCHITECTURE.md). */
const decryptStravaToken = (stored: string, owner: string): string => {
  const env = stackEnv();
  const key = env.STRAVA_TOKEN_KEY
    ? Buffer.from(env.STRAVA_TOKEN_KEY, /^[0-9a-f]{64}$/i.test(env.STRAVA_TOKEN_KEY) ? 'hex' : 'base64')
    : Buffer.from(hkdfSync('sha256', env.INTERNAL_JWT_SECRET!, 'domestique', 'strava-token-key', 32));
  const [version, iv = '', tag = '', ciphertext = ''] = stored.split('.');
  expect(version).toBe('v1');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
};

let api: APIRequestContext;
test.beforeEach(async () => {
  api = await request.newContext({ baseURL: baseURL() });
});
test.afterEach(async () => {
  await api.dispose();
});

test.describe('sessions', () => {
  test('rider and admin cookies are HttpOnly, SameSite, whole-site; the id is in no body or URL', async () => {
    const { rider, answer: registered } = await register(api);
    const first = sessionFrom(registered, 'dq_session');
    expect(await registered.text()).not.toContain(first);
    const me = await api.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect(await me.text()).not.toContain(first);
    const login = await api.post('/api/auth/login', {
      data: { email: rider.email, password: rider.password },
    });
    const second = sessionFrom(login, 'dq_session');
    expect(await login.text()).not.toContain(second);
    const redirect = await api.get('/api/login', { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe('/dashboard');

    const admin = await api.post('/api/admin/login', { data: adminCredentials() });
    expect(admin.status()).toBe(200);
    const adminId = sessionFrom(admin, 'dq_admin');
    expect(await admin.text()).not.toContain(adminId);
    expect(adminId).not.toBe(second);

    const logout = await api.post('/api/auth/logout');
    const cleared = setCookies(logout).find((value) => value.startsWith('dq_session=;'));
    expect(cleared?.toLowerCase()).toMatch(/max-age=0|expires=thu, 01 jan 1970/);
  });

  test('a planted session id is never adopted: sign-in (rider and admin) issues a new one and ends the old', async () => {
    const attacker = await register(api);
    const planted = sessionFrom(attacker.answer, 'dq_session');
    const victim = newRider();
    await register(api, victim);
    const fixed = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { cookie: `dq_session=${planted}; dq_admin=${planted}` },
    });
    const login = await fixed.post('/api/auth/login', {
      data: { email: victim.email, password: victim.password },
    });
    expect(login.status()).toBe(200);
    expect(sessionFrom(login, 'dq_session')).not.toBe(planted);
    const adminLogin = await fixed.post('/api/admin/login', { data: adminCredentials() });
    expect(sessionFrom(adminLogin, 'dq_admin')).not.toBe(planted);
    await fixed.dispose();

    const stale = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { cookie: `dq_session=${planted}` },
    });
    expect((await stale.get('/api/auth/user')).status()).toBe(401);
    await stale.dispose();
  });
});

test.describe('CSRF', () => {
  const firstName = (userId: string) =>
    withDb(
      async (db) =>
        (await db.query<{ first_name: string }>('SELECT first_name FROM auth.users WHERE id = $1', [userId]))
          .rows[0]?.first_name,
    );
  const goalCount = (userId: string) =>
    withDb(async (db) =>
      Number((await db.query('SELECT count(*) FROM rides.goals WHERE user_id = $1', [userId])).rows[0].count),
    );

  test('a state-changing call from another origin is refused with 403 and changes nothing', async () => {
    const { id } = await register(api);
    const foreign = { Origin: 'https://evil.example' };
    const goal = {
      title: 'Forged',
      description: '',
      type: 'distance',
      targetValue: 100,
      targetDate: '2030-01-01',
    };
    const goalsBefore = await goalCount(id);
    const refused = [
      await api.patch('/api/profile', { data: { firstName: 'Forged', lastName: 'X' }, headers: foreign }),
      await api.post('/api/goals', { data: goal, headers: foreign }),
      await api.delete(`/api/goals/${randomUUID()}`, { headers: foreign }),
      await api.put('/api/profile', { data: {}, headers: foreign }),
      await api.post('/api/auth/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
      await api.post('/api/auth/logout', { headers: { Origin: 'null' } }),
      await api.post('/graphql', {
        data: { query: 'mutation { updateProfile(input: { firstName: "Forged", lastName: "Y" }) { id } }' },
        headers: foreign,
      }),
    ];
    for (const answer of refused) {
      expect(answer.status()).toBe(403);
      expect(await answer.json()).toEqual({ message: 'Cross-site request refused' });
    }
    expect(await firstName(id)).toBe('Eddy');
    expect(await goalCount(id)).toBe(goalsBefore);
    expect((await api.get('/api/auth/user')).status()).toBe(200);

    // the same calls from our own origin go through
    const own = { Origin: new URL(baseURL()).origin };
    const patched = await api.patch('/api/profile', {
      data: { firstName: 'Fausto', lastName: 'Coppi' },
      headers: own,
    });
    expect(patched.ok()).toBe(true);
    expect(await firstName(id)).toBe('Fausto');
    const graph = await api.post('/graphql', {
      data: { query: 'mutation { updateProfile(input: { firstName: "Gino", lastName: "Bartali" }) { id } }' },
      headers: own,
    });
    expect(graph.status()).toBe(200);
    expect(await firstName(id)).toBe('Gino');
  });

  test('GraphQL refuses simple (form-like) requests: Apollo CSRF prevention, a 400, never a 500', async () => {
    const { id } = await register(api);
    const form = await api.post('/graphql', {
      headers: { 'Content-Type': 'text/plain' },
      data: '{"query":"mutation { updateProfile(input: { firstName: \\"Forged\\", lastName: \\"Z\\" }) { id } }"}',
    });
    expect(form.status()).toBe(400);
    await expectNoInternals(form);
    const get = await api.get('/graphql?query=%7B__typename%7D');
    expect(get.status()).toBe(400);
    expect(await firstName(id)).toBe('Eddy');
  });

  test('a signed-in browser on another (same-site) origin cannot make the gateway act for it', async ({
    page,
  }) => {
    await register(page.request);
    const simulator = stackEnv().STRAVA_API_URL!.replace(/\/api\/v3\/?$/, '');
    await page.goto(`${simulator}/_sim/clock`);
    // 127.0.0.1 on another port is the same site: SameSite=Lax sends the cookie, the Origin check must refuse
    const gateway = baseURL();
    await page.evaluate(async (url) => {
      // the request goes out with the cookie; Cross-Origin-Resource-Policy then hides the answer
      await fetch(`${url}/api/auth/logout`, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
      }).catch(() => undefined);
    }, gateway);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  });

  test('the provider webhooks (server to server) are not refused by the origin check', async () => {
    const stripe = await api.post('/api/stripe/webhook', {
      headers: { Origin: 'https://stripe.example', 'stripe-signature': 't=1,v1=bad' },
      data: { id: 'evt_forged', type: 'customer.subscription.deleted' },
    });
    // the webhook's own defence answers: its signature check
    expect(stripe.status()).toBe(400);
    expect(((await stripe.json()) as { message: string }).message).not.toBe('Cross-site request refused');
    const strava = await api.post('/api/strava/webhook', {
      headers: { Origin: 'https://strava.example' },
      data: {},
    });
    expect(strava.status()).toBe(400);
    expect(((await strava.json()) as { message: string }).message).not.toBe('Cross-site request refused');
  });
});

test.describe('security headers', () => {
  const expectHeaders = (answer: APIResponse) => {
    const headers = answer.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-powered-by']).toBeUndefined();
  };

  test('HTML, assets, REST answers of every service and GraphQL all carry them', async () => {
    await register(api);
    const html = await api.get('/dashboard');
    expect(html.headers()['content-type']).toContain('text/html');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(asset).toBeTruthy();
    const answers = [
      html,
      await api.get('/'),
      await api.get(asset!),
      await api.get('/api/auth/user'),
      await api.get('/api/rides'),
      await api.get('/api/user/monthly-analysis-limit'),
      await api.get('/api/plans'),
      await api.get('/api/admin/auth'),
      await api.post('/graphql', { data: { query: '{ __typename }' } }),
      await api.get('/api/no-such-thing'),
    ];
    for (const answer of answers) {
      expect(answer.status()).toBeLessThan(500);
      expectHeaders(answer);
    }
  });

  test('the policy fits the built app: no CSP violation while signing up and using the dashboard', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Start Your Journey/ }).first()).toBeVisible();
    await page.goto('/auth?mode=register');
    await expect(page.getByLabel('Email')).toBeVisible();
    await register(page.request);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile & Settings' })).toBeVisible();
    expect(violations).toEqual([]);
    // the listener does report: an injected inline script is refused and shows up
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "injected"';
      document.body.append(script);
    });
    await expect.poll(() => violations.join(' ')).toContain('script-src');
    await expect(page).not.toHaveTitle('injected');
  });
});

test.describe('throttling', () => {
  /** The configured per-account limit (the stack's env; the service's built-in default otherwise). */
  const limitOf = (name: string, fallback: number) => Number(stackEnv()[name] ?? fallback);

  const expectThrottled = async (answer: APIResponse) => {
    expect(answer.status()).toBe(429);
    const body = (await answer.json()) as { message: string };
    expect(body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
  };

  test('rider sign-in answers 429 {message} past its limit, from the same client even with the right password', async () => {
    const { rider } = await register(api);
    const limit = limitOf('THROTTLE_LOGIN_PER_ACCOUNT', 10);
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      const wrong = await api.post('/api/auth/login', {
        data: { email: rider.email, password: 'wrong-password' },
      });
      expect(wrong.status()).toBe(401);
    }
    await expectThrottled(
      await api.post('/api/auth/login', { data: { email: rider.email, password: rider.password } }),
    );
    // another account from the same client is not locked out
    const other = await api.post('/api/auth/login', {
      data: { email: newRider().email, password: 'x-x-x-x' },
    });
    expect(other.status()).toBe(401);
  });

  test('forgot-password answers 429 {message} past its limit', async () => {
    const email = newRider().email;
    const limit = limitOf('THROTTLE_FORGOT_PASSWORD_PER_ACCOUNT', 3);
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      expect((await api.post('/api/auth/forgot-password', { data: { email } })).status()).toBe(200);
    }
    await expectThrottled(await api.post('/api/auth/forgot-password', { data: { email } }));
  });

  test('admin sign-in answers 429 {message} past its limit; the real admin still signs in', async () => {
    const username = `intruder-${randomUUID().slice(0, 8)}`;
    const limit = limitOf('THROTTLE_ADMIN_LOGIN_PER_ACCOUNT', 5);
    for (let attempt = 1; attempt <= limit; attempt += 1) {
      const answer = await api.post('/api/admin/login', { data: { username, password: 'guess-guess' } });
      expect(answer.status()).toBe(401);
    }
    await expectThrottled(
      await api.post('/api/admin/login', { data: { username, password: 'guess-guess' } }),
    );
    expect((await api.post('/api/admin/login', { data: adminCredentials() })).status()).toBe(200);
  });
});

test.describe('password reset tokens', () => {
  const requestLink = async (email: string, nth: number): Promise<string> => {
    expect((await api.post('/api/auth/forgot-password', { data: { email } })).status()).toBe(200);
    await expect.poll(async () => (await mailedResetTokens(email)).length, { timeout: 15_000 }).toBe(nth);
    const token = (await mailedResetTokens(email))[nth - 1]!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    keep(token);
    return token;
  };
  const tokenRows = (userId: string) =>
    withDb(
      async (db) =>
        (
          await db.query<{ row: string; ttl: number }>(
            `SELECT row_to_json(t)::text AS row, extract(epoch FROM expires_at - created_at)::float AS ttl
               FROM auth.password_reset_tokens t WHERE user_id = $1`,
            [userId],
          )
        ).rows,
    );
  const signIn = (email: string, password: string) =>
    api.post('/api/auth/login', { data: { email, password } });

  test('stored hashed, one hour, single use, refused once expired; a reset ends every session', async () => {
    const earlier = await request.newContext({ baseURL: baseURL() });
    const { rider, id } = await register(earlier);

    const expiring = await requestLink(rider.email, 1);
    const [row] = await tokenRows(id);
    expect(row).toBeTruthy();
    expect(row!.row).not.toContain(expiring);
    const sha256 = createHash('sha256').update(expiring);
    expect([
      row!.row.includes(sha256.copy().digest('hex')),
      row!.row.includes(sha256.digest('base64url')),
    ]).toContain(true);
    expect(row!.ttl).toBeCloseTo(3600, -1);

    await withDb((db) =>
      db.query(
        `UPDATE auth.password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [id],
      ),
    );
    const expired = await api.post('/api/auth/reset-password', {
      data: { token: expiring, newPassword: 'never-set-1' },
    });
    expect(expired.status()).toBe(400);
    expect(typeof ((await expired.json()) as { message: string }).message).toBe('string');
    expect((await signIn(rider.email, 'never-set-1')).status()).toBe(401);

    const token = await requestLink(rider.email, 2);
    const reset = await api.post('/api/auth/reset-password', {
      data: { token, newPassword: 'after-reset-2' },
    });
    expect(reset.status()).toBe(200);
    keep('after-reset-2');
    expect((await earlier.get('/api/auth/user')).status()).toBe(401);
    await earlier.dispose();
    expect((await signIn(rider.email, rider.password)).status()).toBe(401);

    const again = await api.post('/api/auth/reset-password', {
      data: { token, newPassword: 'second-use-3' },
    });
    expect(again.status()).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe('Invalid reset token');
    expect((await signIn(rider.email, 'after-reset-2')).status()).toBe(200);
  });
});

test.describe('Strava tokens at rest', () => {
  test('the connection row holds the tokens Strava issued only encrypted', async ({ page, context }) => {
    const { id } = await register(page.request);
    const athlete = await freeAthlete(1);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await authorizeOnStrava(page, athlete);
    await expect(page).toHaveURL(/\/dashboard\?strava=connected$/, { timeout: 30_000 });
    const session = (await context.cookies()).find((cookie) => cookie.name === 'dq_session')!.value;
    expect(page.url()).not.toContain(session);
    keep(session);

    const row = await withDb(
      async (db) =>
        (
          await db.query<{ access: string; refresh: string; json: string }>(
            `SELECT access_token_encrypted AS access, refresh_token_encrypted AS refresh, row_to_json(c)::text AS json
               FROM rides.strava_connections c WHERE user_id = $1`,
            [id],
          )
        ).rows[0],
    );
    expect(row).toBeTruthy();
    const accessToken = decryptStravaToken(row!.access, id);
    const refreshToken = decryptStravaToken(row!.refresh, id);
    keep(accessToken, refreshToken);
    // what decrypts is the live token Strava issued to this athlete
    const athleteAnswer = await fetch(`${stackEnv().STRAVA_API_URL}/athlete`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(athleteAnswer.status).toBe(200);
    expect(((await athleteAnswer.json()) as { id: number }).id).toBe(athlete.id);
    expect(refreshToken.length).toBeGreaterThanOrEqual(16);
    // and the row itself holds neither
    expect(row!.json).not.toContain(accessToken);
    expect(row!.json).not.toContain(refreshToken);
    // the ciphertext is bound to its rider: on another rider's row it does not decrypt
    expect(() => decryptStravaToken(row!.access, randomUUID())).toThrow();
  });
});

test.describe('answers without internals', () => {
  test('malformed, oversized and odd requests get a 4xx {message}, with no stack or path', async () => {
    await register(api);
    const badJson = await api.post('/api/auth/login', {
      headers: { 'Content-Type': 'application/json' },
      data: '{"email": "x@example.com", "password": ',
    });
    const huge = await api.post('/api/goals', {
      headers: { 'Content-Type': 'application/json' },
      data: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    const answers = [
      badJson,
      huge,
      await api.get('/api/rides/not-a-ride-id'),
      await api.post('/api/rides/%00%ff/analyze', { data: {} }),
      await api.delete('/api/goals/123abc'),
      await api.post('/api/goals', { data: { title: { $gt: '' }, targetValue: 'NaN', targetDate: 'soon' } }),
      await api.post('/api/auth/login', { data: [1, 2, 3] }),
      await api.post('/api/coach/chat', { data: { message: 'x'.repeat(100_000) } }),
    ];
    expect(badJson.status()).toBe(400);
    expect(huge.status()).toBe(413);
    for (const answer of answers) {
      expect(answer.status()).toBeGreaterThanOrEqual(400);
      expect(answer.status()).toBeLessThan(500);
      expect(typeof ((await answer.json()) as { message?: unknown }).message).toBe('string');
      await expectNoInternals(answer);
    }
  });

  test('GraphQL errors carry a message and a code only', async () => {
    await register(api);
    const answers = [
      await api.post('/graphql', { data: { query: '{ nope' } }),
      await api.post('/graphql', { data: { query: '{ noSuchField }' } }),
      await api.post('/graphql', { data: { query: '{ ride(id: "not-an-id") { id } }' } }),
      await api.post('/graphql', { data: { query: 'mutation { deleteGoal(id: "x") }' } }),
    ];
    for (const answer of answers) {
      expect(answer.status()).toBeLessThan(500);
      const body = (await answer.json()) as { errors?: { message: string; extensions?: object }[] };
      expect(body.errors?.length).toBeGreaterThan(0);
      for (const error of body.errors ?? []) {
        expect(typeof error.message).toBe('string');
        expect(
          Object.keys(error).every((key) => ['message', 'path', 'extensions', 'locations'].includes(key)),
        ).toBe(true);
        expect(Object.keys(error.extensions ?? {}).every((key) => ['code', 'status'].includes(key))).toBe(
          true,
        );
      }
      await expectNoInternals(answer);
    }
  });
});

test('the product processes log no secret, password, session id or token', async () => {
  const env = stackEnv();
  const secrets = [
    env.INTERNAL_JWT_SECRET,
    env.STRAVA_TOKEN_KEY,
    env.STRAVA_CLIENT_SECRET,
    env.STRAVA_WEBHOOK_VERIFY_TOKEN,
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
    env.ADMIN_PASSWORD,
    env.OPENAI_API_KEY,
    ...confidential,
  ].filter((value): value is string => typeof value === 'string' && value.length >= 6);
  // every reset link mailed and every Strava token held in this run, not only this spec's
  const stravaTokens = await withDb(async (db) =>
    (
      await db.query<{ user_id: string; access: string; refresh: string }>(
        'SELECT user_id, access_token_encrypted AS access, refresh_token_encrypted AS refresh FROM rides.strava_connections',
      )
    ).rows.flatMap((row) =>
      [row.access, row.refresh].map((stored) => decryptStravaToken(stored, row.user_id)),
    ),
  );
  secrets.push(...(await mailedResetTokens()).filter(Boolean), ...stravaTokens);
  expect(secrets.length).toBeGreaterThan(10);
  const logDir = process.env.E2E_LOG_DIR ?? resolve(import.meta.dirname, '../../test-results/e2e-logs');
  // the simulators stand in for Strava and Stripe, and maildev is the inbox: they hold these by design
  const files = readdirSync(logDir).filter((file) => file.endsWith('.log') && !/sim|maildev/.test(file));
  expect(files).toEqual(expect.arrayContaining(['gateway.log', 'auth.log', 'rides.log', 'rides-worker.log']));
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(logDir, file), 'utf8');
    for (const secret of secrets) if (text.includes(secret)) leaks.push(`${file}: ${secret.slice(0, 4)}…`);
  }
  expect(leaks).toEqual([]);
});
