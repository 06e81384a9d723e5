import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityHeaders, startTestApi, type TestApi } from '@domestique/common/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../../config/env.schema.js';
import { authService } from '../../service.js';
import { FAST_HASHING, GENEROUS_LIMITS } from '../../test/auth-test-kit.js';

describe('PATCH /api/profile and updateProfile (real PostgreSQL + Redis)', () => {
  let api: TestApi<AuthConfig>;
  let db: DataSource;
  let anonymous: Record<string, string>;

  beforeAll(async () => {
    api = await startTestApi(authService, { ...FAST_HASHING, ...GENEROUS_LIMITS });
    db = api.app.get(DataSource);
    anonymous = await identityHeaders({ role: 'anonymous' });
  });
  afterAll(async () => {
    await api.close();
  });

  const http = () => request(api.app.getHttpServer());
  const newRider = async () => {
    const answer = await http()
      .post('/api/auth/register')
      .set(anonymous)
      .send({
        email: `p-${randomUUID().slice(0, 8)}@example.com`,
        password: 'secret12',
        firstName: 'Old',
        lastName: 'Name',
      });
    return {
      id: answer.body.id as string,
      headers: await identityHeaders({ role: 'user', userId: answer.body.id, tier: 'free' }),
    };
  };
  const namesOf = async (userId: string) =>
    (await db.query('SELECT first_name, last_name FROM auth.users WHERE id = $1', [userId]))[0];
  const profileEvents = (userId: string) =>
    db.query(
      `SELECT payload FROM auth.outbox_events WHERE name = 'user.profile-updated' AND payload->>'userId' = $1`,
      [userId],
    ) as Promise<{ payload: object }[]>;

  it('trims and saves both names, answers the user and publishes user.profile-updated in the same transaction', async () => {
    const rider = await newRider();
    const answer = await http()
      .patch('/api/profile')
      .set(rider.headers)
      .send({ firstName: '  Greg ', lastName: ' LeMond  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: rider.id, firstName: 'Greg', lastName: 'LeMond' });
    expect(answer.body.passwordHash).toBeUndefined();
    expect(await namesOf(rider.id)).toEqual({ first_name: 'Greg', last_name: 'LeMond' });
    expect(await profileEvents(rider.id)).toEqual([
      { payload: { userId: rider.id, firstName: 'Greg', lastName: 'LeMond' } },
    ]);
  });

  it('stores empty names as not set (the spec allows empty names)', async () => {
    const rider = await newRider();
    const answer = await http()
      .patch('/api/profile')
      .set(rider.headers)
      .send({ firstName: '   ', lastName: '' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ firstName: null, lastName: null });
    expect(await namesOf(rider.id)).toEqual({ first_name: null, last_name: null });
  });

  it.each([
    [{ firstName: 'x'.repeat(101), lastName: 'B' }, 'Names must be at most 100 characters long'],
    [{ firstName: 'A', lastName: 'y'.repeat(101) }, 'Names must be at most 100 characters long'],
    [{ firstName: 42, lastName: 'B' }, 'First name must be text'],
    [{ firstName: 'A', lastName: ['B'] }, 'Last name must be text'],
    [{ firstName: null, lastName: 'B' }, 'First name must be text'],
    [{ firstName: 'A' }, 'Last name must be text'],
    [{ firstName: 'A', lastName: 'B', email: 'x@y.z' }, 'Unexpected field: email'],
    [{ firstName: 'A', lastName: 'B', subscriptionTier: 'elite' }, 'Unexpected field: subscriptionTier'],
    [['names'], 'Request body must be a JSON object'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const rider = await newRider();
    const answer = await http()
      .patch('/api/profile')
      .set(rider.headers)
      .set('content-type', 'application/json')
      .send(JSON.stringify(body));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await namesOf(rider.id)).toEqual({ first_name: 'Old', last_name: 'Name' });
    expect(await profileEvents(rider.id)).toEqual([]);
  });

  it('accepts names of exactly 100 characters', async () => {
    const rider = await newRider();
    const answer = await http()
      .patch('/api/profile')
      .set(rider.headers)
      .send({ firstName: 'x'.repeat(100), lastName: 'B' });
    expect(answer.status).toBe(200);
  });

  it('needs a rider session: 401 signed out, 403 for an admin, 401 when the account is gone', async () => {
    const body = { firstName: 'A', lastName: 'B' };
    expect((await http().patch('/api/profile').set(anonymous).send(body)).status).toBe(401);
    const admin = await identityHeaders({ role: 'admin', adminId: randomUUID(), username: 'root' });
    expect((await http().patch('/api/profile').set(admin).send(body)).status).toBe(403);
    const ghost = await identityHeaders({ role: 'user', userId: randomUUID(), tier: 'free' });
    const gone = await http().patch('/api/profile').set(ghost).send(body);
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe('Not signed in');
  });

  it('offers updateProfile in GraphQL with the same rules', async () => {
    const rider = await newRider();
    const mutation =
      'mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id firstName lastName } }';
    const ok = await http()
      .post('/graphql')
      .set(rider.headers)
      .send({ query: mutation, variables: { i: { firstName: ' Eddy ', lastName: 'Merckx' } } });
    expect(ok.body.data.updateProfile).toEqual({ id: rider.id, firstName: 'Eddy', lastName: 'Merckx' });
    const long = await http()
      .post('/graphql')
      .set(rider.headers)
      .send({ query: mutation, variables: { i: { firstName: 'x'.repeat(101), lastName: 'B' } } });
    expect(long.body.errors[0]).toMatchObject({
      message: 'Names must be at most 100 characters long',
      extensions: { code: 'BAD_REQUEST' },
    });
    const signedOut = await http()
      .post('/graphql')
      .set(anonymous)
      .send({ query: mutation, variables: { i: { firstName: 'A', lastName: 'B' } } });
    expect(signedOut.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await namesOf(rider.id)).toEqual({ first_name: 'Eddy', last_name: 'Merckx' });
  });
});
