import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifySessionGrant } from '@domestique/common';
import { identityHeaders, startTestApi, type TestApi } from '@domestique/common/testing';
import { INTERNAL_HEADERS } from '@domestique/proto';
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../../config/env.schema.js';
import { authService } from '../../service.js';
import { FAST_HASHING, GENEROUS_LIMITS } from '../../test/auth-test-kit.js';
import { AdminAccountsService } from '../admin-accounts.service.js';

const ADMIN = { ADMIN_USERNAME: 'Chief', ADMIN_PASSWORD: 'correct-horse-battery' };

describe('admin accounts and their sessions, apart from riders (real PostgreSQL + Redis)', () => {
  let api: TestApi<AuthConfig>;
  let db: DataSource;
  let anonymous: Record<string, string>;

  beforeAll(async () => {
    api = await startTestApi(authService, { ...FAST_HASHING, ...GENEROUS_LIMITS, ...ADMIN });
    db = api.app.get(DataSource);
    anonymous = await identityHeaders({ role: 'anonymous' });
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  const http = () => request(api.app.getHttpServer());
  const admins = () =>
    db.query('SELECT id, username, password_hash FROM auth.admin_accounts ORDER BY username') as Promise<
      { id: string; username: string; password_hash: string }[]
    >;
  const adminLogin = (body: object) => http().post('/api/admin/login').set(anonymous).send(body);
  const adminIdentity = async () => {
    const [admin] = await admins();
    return identityHeaders({ role: 'admin', adminId: admin!.id, username: admin!.username });
  };

  it('seeds the configured account on start, with an argon2id hash and never the password', async () => {
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe('chief');
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows)).not.toContain(ADMIN.ADMIN_PASSWORD);
  });

  it('signs in with the configured credentials: an admin session grant, never a rider grant', async () => {
    const answer = await adminLogin({ username: ' CHIEF ', password: ADMIN.ADMIN_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ isAdmin: true });
    const grant = await verifySessionGrant(
      answer.headers[INTERNAL_HEADERS.sessionGrant] as string,
      api.config.INTERNAL_JWT_SECRET,
    );
    const [admin] = await admins();
    expect(grant).toEqual({ kind: 'admin', adminId: admin!.id, username: 'chief' });
    const [row] = await db.query('SELECT last_signed_in_at FROM auth.admin_accounts WHERE id = $1', [
      admin!.id,
    ]);
    expect(row.last_signed_in_at).not.toBeNull();
  });

  it('answers the same 401 for a wrong password and an unknown username, without a grant', async () => {
    const wrong = await adminLogin({ username: 'chief', password: 'incorrect-horse' });
    const unknown = await adminLogin({ username: 'deputy', password: ADMIN.ADMIN_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid credentials', code: 'AUTH_INVALID_ADMIN_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers[INTERNAL_HEADERS.sessionGrant]).toBeUndefined();
  });

  it.each([
    [{ username: 'chief' }, 'Password is required'],
    [{ password: 'x' }, 'Username is required'],
    [{ username: '  ', password: 'x' }, 'Username is required'],
    [{ username: 'chief', password: 'x', role: 'root' }, 'Unexpected field: role'],
  ])('refuses a malformed sign-in %j with 400', async (body, message) => {
    const answer = await adminLogin(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('/api/admin/auth: true only for an admin session; a rider session or no session is not one', async () => {
    const rider = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({
        email: `r-${randomUUID().slice(0, 8)}@example.com`,
        password: 'secret12',
        firstName: 'R',
        lastName: 'S',
      });
    const riderSession = await identityHeaders({ role: 'user', userId: rider.body.id, tier: 'elite' });
    expect((await http().get('/api/admin/auth').set(riderSession)).body).toEqual({ isAdmin: false });
    expect((await http().get('/api/admin/auth').set(anonymous)).body).toEqual({ isAdmin: false });
    expect(
      (
        await http()
          .get('/api/admin/auth')
          .set(await adminIdentity())
      ).body,
    ).toEqual({ isAdmin: true });
    const retired = await identityHeaders({ role: 'admin', adminId: randomUUID(), username: 'gone' });
    expect((await http().get('/api/admin/auth').set(retired)).body).toEqual({ isAdmin: false });
  });

  it('an admin session is not a rider session: rider calls refuse it', async () => {
    const admin = await adminIdentity();
    expect((await http().get('/api/auth/user').set(admin)).status).toBe(403);
    expect(
      (await http().patch('/api/profile').set(admin).send({ firstName: 'A', lastName: 'B' })).status,
    ).toBe(403);
    const me = await http().post('/graphql').set(admin).send({ query: '{ me { id } }' });
    expect(me.body.data.me).toBeNull();
  });

  it('logout asks the gateway to end the admin session only', async () => {
    const answer = await http()
      .post('/api/admin/logout')
      .set(await adminIdentity());
    expect(answer.status).toBe(200);
    expect(answer.headers[INTERNAL_HEADERS.sessionEnd]).toBe('admin');
  });

  it('offers adminAuth, adminLogin and adminLogout in GraphQL', async () => {
    const gql = (headers: Record<string, string>, query: string, variables?: object) =>
      http().post('/graphql').set(headers).send({ query, variables });
    expect((await gql(anonymous, '{ adminAuth { isAdmin } }')).body.data).toEqual({
      adminAuth: { isAdmin: false },
    });
    expect((await gql(await adminIdentity(), '{ adminAuth { isAdmin } }')).body.data).toEqual({
      adminAuth: { isAdmin: true },
    });
    const login = await gql(
      anonymous,
      'mutation($i: AdminLoginInput!) { adminLogin(input: $i) { isAdmin } }',
      {
        i: { username: 'chief', password: ADMIN.ADMIN_PASSWORD },
      },
    );
    expect(login.body.data).toEqual({ adminLogin: { isAdmin: true } });
    expect(login.headers[INTERNAL_HEADERS.sessionGrant]).toBeDefined();
    const bad = await gql(anonymous, 'mutation($i: AdminLoginInput!) { adminLogin(input: $i) { isAdmin } }', {
      i: { username: 'chief', password: 'nope' },
    });
    expect(bad.body.errors[0]).toMatchObject({
      message: 'Invalid credentials',
      extensions: { code: 'AUTH_INVALID_ADMIN_CREDENTIALS' },
    });
    const logout = await gql(await adminIdentity(), 'mutation { adminLogout }');
    expect(logout.body.data).toEqual({ adminLogout: true });
    expect(logout.headers[INTERNAL_HEADERS.sessionEnd]).toBe('admin');
  });

  describe('seeding follows the configuration', () => {
    const reseed = async (config: Partial<AuthConfig>) => {
      const service = api.app.get(AdminAccountsService);
      const original = { ...api.config };
      Object.assign(api.config, config);
      try {
        await service.seedFromConfig();
      } finally {
        for (const key of Object.keys(config) as (keyof AuthConfig)[]) delete api.config[key];
        Object.assign(api.config, original);
      }
    };

    it('keeps the hash while the password is unchanged, rehashes when it changes', async () => {
      const [before] = await admins();
      await reseed({});
      expect((await admins())[0]!.password_hash).toBe(before!.password_hash);
      await reseed({ ADMIN_PASSWORD: 'a-brand-new-password' });
      const [after] = await admins();
      expect(after!.id).toBe(before!.id);
      expect(after!.password_hash).not.toBe(before!.password_hash);
      expect((await adminLogin({ username: 'chief', password: 'a-brand-new-password' })).status).toBe(200);
      await reseed({});
      expect((await adminLogin({ username: 'chief', password: ADMIN.ADMIN_PASSWORD })).status).toBe(200);
    });

    it('takes ADMIN_PASSWORD_HASH as is, and retires the old account when the username changes', async () => {
      const hash = await argon2.hash('hashed-elsewhere-1', { type: argon2.argon2id });
      await reseed({ ADMIN_USERNAME: 'deputy', ADMIN_PASSWORD: undefined, ADMIN_PASSWORD_HASH: hash });
      const rows = await admins();
      expect(rows.map((row) => [row.username, row.password_hash])).toEqual([['deputy', hash]]);
      expect((await adminLogin({ username: 'deputy', password: 'hashed-elsewhere-1' })).status).toBe(200);
      expect((await adminLogin({ username: 'chief', password: ADMIN.ADMIN_PASSWORD })).status).toBe(401);

      await reseed({ ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
      expect(await admins()).toEqual([]);
      await reseed({});
      expect((await admins()).map((row) => row.username)).toEqual(['chief']);
    });

    it('refuses in production an ADMIN_PASSWORD_HASH of a committed example password, and changes nothing', async () => {
      const before = await admins();
      const cheap = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 } as const;
      const committed = await argon2.hash('domestique-admin', cheap);
      const own = await argon2.hash('hashed-elsewhere-2', cheap);
      const production = { NODE_ENV: 'production' as const, ADMIN_PASSWORD: undefined };
      await expect(reseed({ ...production, ADMIN_PASSWORD_HASH: committed })).rejects.toThrow(
        'ADMIN_PASSWORD_HASH: is the hash of a committed example password; set your own in production',
      );
      expect(await admins()).toEqual(before);
      await reseed({ ...production, ADMIN_PASSWORD_HASH: own });
      expect((await admins()).map((row) => row.password_hash)).toEqual([own]);
      await reseed({ NODE_ENV: 'development', ADMIN_PASSWORD: undefined, ADMIN_PASSWORD_HASH: committed });
      expect((await admins()).map((row) => row.password_hash)).toEqual([committed]);
      await reseed({});
    }, 30_000);
  });
});
