import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, identityHeaders, startTestApi, type TestApi } from '@domestique/common/testing';
import { OutboxRelay, QueueRegistry, verifySessionGrant } from '@domestique/common';
import { eventQueueName, INTERNAL_HEADERS } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../../config/env.schema.js';
import { authService } from '../../service.js';
import { FAST_HASHING, GENEROUS_LIMITS } from '../../test/auth-test-kit.js';

const newEmail = () => `rider-${randomUUID().slice(0, 8)}@example.com`;

describe('auth API (real PostgreSQL + Redis)', () => {
  let api: TestApi<AuthConfig>;
  let anonymous: Record<string, string>;
  let db: DataSource;

  beforeAll(async () => {
    api = await startTestApi(authService, { ...FAST_HASHING, ...GENEROUS_LIMITS });
    anonymous = await identityHeaders({ role: 'anonymous' });
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.close();
  });

  const http = () => request(api.app.getHttpServer());
  const userCount = async () => Number((await db.query('SELECT count(*) FROM auth.users'))[0].count);

  it('rejects a request without the gateway identity', async () => {
    const answer = await http().post('/api/auth/register').send({});
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Missing internal identity', code: 'UNAUTHENTICATED' });
  });

  it('rejects a forged identity token', async () => {
    const forged = await identityHeaders(
      { role: 'user', userId: randomUUID(), tier: 'elite' },
      'another-secret-another-secret-1234567',
    );
    const answer = await http().get('/api/auth/user').set(forged);
    expect(answer.status).toBe(401);
  });

  it('registers a rider: normalised email, free tier, a session grant for the gateway, user.registered in the outbox', async () => {
    const email = newEmail();
    const answer = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({
        email: `  ${email.toUpperCase()} `,
        password: 'secret12',
        firstName: ' Ann ',
        lastName: 'Lee',
      });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      email,
      firstName: 'Ann',
      lastName: 'Lee',
      subscriptionTier: 'free',
      stripeCustomerId: null,
      stravaId: null,
      profileImageUrl: null,
    });
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        'createdAt',
        'email',
        'firstName',
        'id',
        'lastName',
        'profileImageUrl',
        'stravaId',
        'stripeCustomerId',
        'subscriptionTier',
      ].sort(),
    );
    const grant = await verifySessionGrant(
      answer.headers[INTERNAL_HEADERS.sessionGrant] as string,
      api.config.INTERNAL_JWT_SECRET,
    );
    expect(grant).toEqual({ kind: 'user', userId: answer.body.id, tier: 'free' });

    const [row] = await db.query('SELECT password_hash FROM auth.users WHERE id = $1', [answer.body.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const events = await db.query(
      `SELECT name, payload FROM auth.outbox_events WHERE payload->>'userId' = $1`,
      [answer.body.id],
    );
    expect(events).toEqual([
      {
        name: 'user.registered',
        payload: expect.objectContaining({ email, firstName: 'Ann', lastName: 'Lee' }),
      },
    ]);
  });

  it('relays user.registered durably to every subscriber queue (analysis and billing)', async () => {
    const answer = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({ email: newEmail(), password: 'secret12', firstName: 'B', lastName: 'C' });
    const [event] = await db.query(`SELECT id FROM auth.outbox_events WHERE payload->>'userId' = $1`, [
      answer.body.id,
    ]);
    // the relay's own timer may have claimed the row first: this drain then returns before its enqueue
    await api.app.get(OutboxRelay).drain();
    const queues = api.app.get(QueueRegistry);
    for (const subscriber of ['analysis', 'billing'] as const) {
      const job = await eventually(() => queues.get(eventQueueName(subscriber)).getJob(event.id));
      expect(job?.name).toBe('user.registered');
      expect(job?.data).toMatchObject({
        id: event.id,
        name: 'user.registered',
        version: 1,
        payload: { userId: answer.body.id },
      });
    }
    const [published] = await db.query('SELECT published_at FROM auth.outbox_events WHERE id = $1', [
      event.id,
    ]);
    expect(published.published_at).not.toBeNull();
  });

  it.each([
    [
      { email: 'not-an-email', password: 'secret12', firstName: 'A', lastName: 'B' },
      'Please enter a valid email address',
    ],
    [
      { email: 'a@b.co', password: '12345', firstName: 'A', lastName: 'B' },
      'Password must be at least 6 characters long',
    ],
    [{ email: 'a@b.co', password: 'secret12', firstName: '  ', lastName: 'B' }, 'First name is required'],
    [{ email: 'a@b.co', password: 'secret12', firstName: 'A' }, 'Last name is required'],
    [
      { email: 'a@b.co', password: 'secret12', firstName: 'A', lastName: 'B', isAdmin: true },
      'Unexpected field: isAdmin',
    ],
    [{ email: 42, password: 'secret12', firstName: 'A', lastName: 'B' }, 'Email is required'],
    [['a'], 'Request body must be a JSON object'],
  ])('refuses a bad registration %j with 400 and writes nothing', async (body, message) => {
    const before = await userCount();
    const answer = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send(body as object);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.headers[INTERNAL_HEADERS.sessionGrant]).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('refuses non-JSON and oversized bodies with a 4xx message', async () => {
    const before = await userCount();
    const broken = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .set('content-type', 'application/json')
      .send('{"email":');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'Request body is not valid JSON', code: 'BAD_REQUEST' });
    const huge = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({ email: 'a@b.co', password: 'secret12', firstName: 'x'.repeat(200_000), lastName: 'B' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Request body is too large');
    const text = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .set('content-type', 'text/plain')
      .send('hello');
    expect(text.status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('answers 409 for an email that exists (in any case), writing nothing', async () => {
    const email = newEmail();
    await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({ email, password: 'secret12', firstName: 'A', lastName: 'B' });
    const before = await userCount();
    const again = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({ email: email.toUpperCase(), password: 'other123', firstName: 'C', lastName: 'D' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists');
    expect(await userCount()).toBe(before);
  });

  it('signs in with the right password and answers the same 401 for a wrong password and an unknown email', async () => {
    const email = newEmail();
    await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({ email, password: 'secret12', firstName: 'A', lastName: 'B' });
    const ok = await http()
      .post('/api/auth/login')
      .set(anonymous)
      .send({ email: email.toUpperCase(), password: 'secret12' });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(email);
    expect(ok.headers[INTERNAL_HEADERS.sessionGrant]).toBeDefined();
    const wrong = await http().post('/api/auth/login').set(anonymous).send({ email, password: 'secret13' });
    const unknown = await http()
      .post('/api/auth/login')
      .set(anonymous)
      .send({ email: newEmail(), password: 'secret12' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(wrong.headers[INTERNAL_HEADERS.sessionGrant]).toBeUndefined();
  });

  it('answers the signed-in user, and 401 when signed out or the user is gone', async () => {
    const created = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({ email: newEmail(), password: 'secret12', firstName: 'A', lastName: 'B' });
    const me = await http()
      .get('/api/auth/user')
      .set(await identityHeaders({ role: 'user', userId: created.body.id, tier: 'free' }));
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(created.body.id);
    expect((await http().get('/api/auth/user').set(anonymous)).status).toBe(401);
    const ghost = await http()
      .get('/api/auth/user')
      .set(await identityHeaders({ role: 'user', userId: randomUUID(), tier: 'free' }));
    expect(ghost.status).toBe(401);
    const admin = await http()
      .get('/api/auth/user')
      .set(await identityHeaders({ role: 'admin', adminId: 'a', username: 'root' }));
    expect(admin.status).toBe(403);
  });

  it('asks the gateway to end the session on logout', async () => {
    const answer = await http().post('/api/auth/logout').set(anonymous);
    expect(answer.status).toBe(200);
    expect(answer.headers[INTERNAL_HEADERS.sessionEnd]).toBe('user');
  });

  it('offers the same operations in GraphQL', async () => {
    const email = newEmail();
    const register = await http()
      .post('/graphql')
      .set(anonymous)
      .send({
        query: 'mutation($i: RegisterInput!) { register(input: $i) { id email subscriptionTier } }',
        variables: { i: { email, password: 'secret12', firstName: 'G', lastName: 'Q' } },
      });
    expect(register.body.data.register).toMatchObject({ email, subscriptionTier: 'free' });
    expect(register.headers[INTERNAL_HEADERS.sessionGrant]).toBeDefined();
    const me = await http()
      .post('/graphql')
      .set(await identityHeaders({ role: 'user', userId: register.body.data.register.id, tier: 'free' }))
      .send({ query: '{ me { email } }' });
    expect(me.body.data.me.email).toBe(email);
    const signedOut = await http().post('/graphql').set(anonymous).send({ query: '{ me { email } }' });
    expect(signedOut.body.data.me).toBeNull();
    const bad = await http().post('/graphql').set(anonymous).send({
      query: 'mutation { login(input: { email: "nobody@example.com", password: "whatever" }) { id } }',
    });
    expect(bad.body.errors[0]).toMatchObject({
      message: 'Invalid email or password',
      extensions: { code: 'AUTH_INVALID_CREDENTIALS' },
    });
    expect(JSON.stringify(bad.body)).not.toMatch(/stack|at .*\.ts/);
  });
});
