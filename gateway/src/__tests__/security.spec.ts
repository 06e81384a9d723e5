import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { gatewayEnvSchema } from '../config/env.schema.js';
import { originCheck } from '../security/origin-check.js';
import { securityHeaders } from '../security/security-headers.js';
import {
  clearSessionCookie,
  cookiePolicyOf,
  setSessionCookie,
  type CookiePolicy,
} from '../sessions/session-cookies.js';

/** Issue 9's security review, the gateway's own pieces: cookie options, CSRF check, headers. */

const configOf = (env: Record<string, string>) =>
  gatewayEnvSchema.parse({
    REDIS_URL: 'redis://127.0.0.1:6379',
    INTERNAL_JWT_SECRET: 'x'.repeat(40),
    ...env,
  });

/** The Set-Cookie header an Express answer carries after `write` ran on it. */
const setCookieOf = async (write: (res: express.Response) => void): Promise<string> => {
  const app = express();
  app.get('/', (_req, res) => {
    write(res);
    res.end();
  });
  const answer = await request(app).get('/');
  const header = answer.headers['set-cookie'] as unknown as string[];
  expect(header).toHaveLength(1);
  return header[0]!;
};

const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe('session cookie options', () => {
  it('are Secure in production or behind an https address, not on plain local http', () => {
    expect(cookiePolicyOf(configOf({ NODE_ENV: 'production' })).secure).toBe(true);
    expect(
      cookiePolicyOf(configOf({ NODE_ENV: 'development', PUBLIC_URL: 'https://app.domestique.test' })).secure,
    ).toBe(true);
    expect(
      cookiePolicyOf(configOf({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' })).secure,
    ).toBe(false);
    expect(cookiePolicyOf(configOf({ NODE_ENV: 'test', COOKIE_SECURE: 'true' })).secure).toBe(true);
  });

  it('last as long as the configured session lifetimes', () => {
    const policy = cookiePolicyOf(configOf({ SESSION_TTL_DAYS: '7', ADMIN_SESSION_TTL_HOURS: '2' }));
    expect(policy.maxAgeSeconds).toEqual({ user: 7 * 86400, admin: 2 * 3600 });
  });

  it.each([
    ['user', 'dq_session', false],
    ['admin', 'dq_admin', true],
  ] as const)(
    '%s session: HttpOnly, SameSite=Lax, Path=/, Secure per the policy',
    async (realm, name, secure) => {
      const policy: CookiePolicy = { secure, maxAgeSeconds: { user: 600, admin: 60 } };
      const cookie = await setCookieOf((res) => setSessionCookie(res, realm, 'opaque-id', policy));
      expect(cookie.startsWith(`${name}=opaque-id;`)).toBe(true);
      const flags = attributes(cookie);
      expect(flags).toContain('httponly');
      expect(flags).toContain('samesite=lax');
      expect(flags).toContain('path=/');
      expect(flags).toContain(`max-age=${policy.maxAgeSeconds[realm]}`);
      expect(flags.includes('secure')).toBe(secure);
      expect(flags.some((flag) => flag.startsWith('domain='))).toBe(false);

      const cleared = await setCookieOf((res) => clearSessionCookie(res, realm, policy));
      expect(cleared.startsWith(`${name}=;`)).toBe(true);
      expect(attributes(cleared)).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'max-age=0']),
      );
    },
  );
});

describe('CSRF origin check, mounted as the gateway mounts it', () => {
  const app = express();
  app.use(['/api', '/graphql'], originCheck(new Set(['https://app.domestique.test'])));
  app.use((req, res) => {
    res.json({ reached: `${req.method} ${req.path}` });
  });
  const foreign = 'https://evil.test';

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'refuses a cross-site %s with 403 and a message, before it goes anywhere',
    async (method) => {
      const answer = await request(app)[method]('/api/goals/1').set('Origin', foreign);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'Cross-site request refused' });
    },
  );

  it('refuses GraphQL mutations from another site, an opaque origin or a cross-site fetch', async () => {
    expect((await request(app).post('/graphql').set('Origin', foreign)).status).toBe(403);
    expect((await request(app).post('/graphql').set('Origin', 'null')).status).toBe(403);
    expect((await request(app).post('/api/auth/logout').set('Sec-Fetch-Site', 'cross-site')).status).toBe(
      403,
    );
  });

  it('lets our own origin, reads and non-browser callers through', async () => {
    const own = await request(app).post('/api/goals').set('Origin', 'https://app.domestique.test');
    expect(own.body).toEqual({ reached: 'POST /api/goals' });
    expect((await request(app).get('/api/rides').set('Origin', foreign)).status).toBe(200);
    expect((await request(app).post('/api/goals').set('Sec-Fetch-Site', 'same-origin')).status).toBe(200);
    expect((await request(app).post('/api/goals')).status).toBe(200);
  });

  it('lets the signed provider webhooks through (the check sees their full path under /api)', async () => {
    for (const path of ['/api/stripe/webhook', '/api/strava/webhook']) {
      const answer = await request(app).post(path).set('Origin', 'https://hooks.provider.test');
      expect(answer.body).toEqual({ reached: `POST ${path}` });
    }
    expect((await request(app).post('/api/stripe/webhook/x').set('Origin', foreign)).status).toBe(403);
  });
});

describe('security headers', () => {
  const answerOf = async (production: boolean) => {
    const app = express();
    app.use(securityHeaders(production));
    app.get('/', (_req, res) => {
      res.json({});
    });
    return (await request(app).get('/')).headers;
  };
  const directives = (csp: string) =>
    Object.fromEntries(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
    );

  it('send a CSP fit for the built app: own scripts only, inline styles for Chakra, no framing', async () => {
    const headers = await answerOf(false);
    const csp = directives(headers['content-security-policy']!);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS and upgrade-insecure-requests in production only', async () => {
    const headers = await answerOf(true);
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(directives(headers['content-security-policy']!)['upgrade-insecure-requests']).toEqual([]);
  });
});
