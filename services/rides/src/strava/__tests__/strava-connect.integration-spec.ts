import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventually, identityHeaders } from '@domestique/common/testing';
import { QUEUES } from '@domestique/proto';
import {
  authorizeAtStrava,
  connectThroughStrava,
  followCallback,
  newUserId,
  rideCount,
  startHarness,
  syncSettled,
  type RidesHarness,
} from '../../test/rides-harness.js';

jest.setTimeout(60_000);

describe('Strava connection (API + worker, real PostgreSQL and Redis, Strava simulator)', () => {
  let harness: RidesHarness;
  let athletes: number[];

  beforeAll(async () => {
    harness = await startHarness({
      athletes: [{ activities: 12 }, { activities: 8 }, { activities: 6 }, { activities: 6 }],
    });
    athletes = harness.strava.control.athletes().map((athlete) => athlete.id);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const outbox = (name: string, userId: string) =>
    harness.db.query(`SELECT payload FROM rides.outbox_events WHERE name = $1 AND payload->>'userId' = $2`, [
      name,
      userId,
    ]) as Promise<{ payload: Record<string, unknown> }[]>;

  it('sends the rider to Strava with the spec scopes, forced approval, our callback and a signed state', async () => {
    const userId = newUserId();
    const answer = await harness
      .http()
      .get('/api/strava/connect')
      .set(await harness.as(userId));
    expect(answer.status).toBe(302);
    const url = new URL(answer.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${harness.strava.oauthUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'domestique-local',
      response_type: 'code',
      approval_prompt: 'force',
      scope: 'read,activity:read_all',
      redirect_uri: `${harness.publicUrl}/api/strava/callback`,
    });
    const again = new URL(
      (
        await harness
          .http()
          .get('/api/strava/connect')
          .set(await harness.as(userId))
      ).headers.location as string,
    );
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
    expect(url.searchParams.get('state')).not.toContain(userId);

    const graphql = await harness
      .http()
      .post('/graphql')
      .set(await harness.as(userId))
      .send({ query: '{ stravaAuthorizationUrl }' });
    expect(graphql.body.data.stravaAuthorizationUrl).toContain('approval_prompt=force');

    const signedOut = await harness
      .http()
      .get('/api/strava/connect')
      .set(await identityHeaders({ role: 'anonymous' }));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.location).toBe('/auth');
    const callbackSignedOut = await harness
      .http()
      .get('/api/strava/callback?code=x&state=y')
      .set(await identityHeaders({ role: 'anonymous' }));
    expect(callbackSignedOut.headers.location).toBe('/dashboard?strava=error&reason=signed-out');
  });

  it('connects: tokens encrypted at rest, strava.connected published, the first sync imports the rides', async () => {
    const userId = newUserId();
    const athleteId = athletes[0]!;
    expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');

    const [row] = (await harness.db.query(
      'SELECT athlete_id, scope, access_token_encrypted, refresh_token_encrypted, expires_at FROM rides.strava_connections WHERE user_id = $1',
      [userId],
    )) as {
      athlete_id: string;
      scope: string;
      access_token_encrypted: string;
      refresh_token_encrypted: string;
      expires_at: Date;
    }[];
    expect(row).toMatchObject({ athlete_id: String(athleteId), scope: 'read,activity:read_all' });
    expect(row!.access_token_encrypted).toMatch(/^v1\./);
    expect(row!.refresh_token_encrypted).toMatch(/^v1\./);
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + 5 * 3600 * 1000);
    expect((await outbox('strava.connected', userId)).map((e) => e.payload)).toEqual([
      { userId, athleteId: String(athleteId) },
    ]);

    const job = await harness.queues.get(QUEUES.stravaSync).getJob(`sync-${userId}`);
    expect(job?.data).toMatchObject({ userId, reason: 'connected' });
    expect(await syncSettled(harness, userId)).toBe('completed');
    expect(await rideCount(harness, userId)).toBeGreaterThan(0);

    const connection = await harness
      .http()
      .post('/graphql')
      .set(await harness.as(userId))
      .send({ query: '{ stravaConnection { connected athleteId } }' });
    expect(connection.body.data.stravaConnection).toEqual({ connected: true, athleteId: String(athleteId) });
  });

  it('rejects a state issued to another rider, a reused state and a forged one', async () => {
    const owner = newUserId();
    const intruder = newUserId();
    const callback = await authorizeAtStrava(harness, owner, athletes[1]!);
    expect(await followCallback(harness, callback, intruder)).toBe('/dashboard?strava=error&reason=state');
    // the state is single-use: the owner cannot complete it after that attempt either
    expect(await followCallback(harness, callback, owner)).toBe('/dashboard?strava=error&reason=state');
    const forged = new URL(callback, 'http://x');
    forged.searchParams.set('state', 'forged.value');
    expect(await followCallback(harness, `${forged.pathname}${forged.search}`, owner)).toBe(
      '/dashboard?strava=error&reason=state',
    );
    expect(
      await harness.db.query('SELECT 1 FROM rides.strava_connections WHERE user_id IN ($1, $2)', [
        owner,
        intruder,
      ]),
    ).toEqual([]);
    const fresh = await authorizeAtStrava(harness, owner, athletes[1]!);
    expect(await followCallback(harness, fresh, owner)).toBe('/dashboard?strava=connected');
    expect(await followCallback(harness, fresh, owner)).toBe('/dashboard?strava=error&reason=state');
    await syncSettled(harness, owner);
  });

  it('reports a cancelled authorization and a missing activity scope without connecting', async () => {
    const userId = newUserId();
    expect(await connectThroughStrava(harness, userId, athletes[1]!, { decision: 'cancel' })).toBe(
      '/dashboard?strava=denied&reason=cancelled',
    );
    expect(await connectThroughStrava(harness, userId, athletes[1]!, { scopes: ['read'] })).toBe(
      '/dashboard?strava=denied&reason=scope',
    );
    expect(
      await harness.db.query('SELECT 1 FROM rides.strava_connections WHERE user_id = $1', [userId]),
    ).toEqual([]);
  });

  it('refuses an athlete already connected to another rider', async () => {
    const first = newUserId();
    const second = newUserId();
    expect(await connectThroughStrava(harness, first, athletes[2]!)).toBe('/dashboard?strava=connected');
    expect(await connectThroughStrava(harness, second, athletes[2]!)).toBe(
      '/dashboard?strava=error&reason=athlete-in-use',
    );
    await syncSettled(harness, first);
  });

  it('disconnects: deauthorizes at Strava, deletes the tokens, keeps the rides, publishes strava.disconnected', async () => {
    const userId = newUserId();
    const athleteId = athletes[3]!;
    await connectThroughStrava(harness, userId, athleteId);
    await syncSettled(harness, userId);
    const rides = await rideCount(harness, userId);
    expect(rides).toBeGreaterThan(0);
    const deauthorizeCalls = harness.strava.control.counters().deauthorizeCalls;

    const answer = await harness
      .http()
      .post('/api/strava/disconnect')
      .set(await harness.as(userId));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Strava disconnected. Your existing rides are kept.' });
    expect(harness.strava.control.counters().deauthorizeCalls).toBe(deauthorizeCalls + 1);
    expect(
      await harness.db.query('SELECT 1 FROM rides.strava_connections WHERE user_id = $1', [userId]),
    ).toEqual([]);
    expect(await rideCount(harness, userId)).toBe(rides);
    expect((await outbox('strava.disconnected', userId)).map((e) => e.payload)).toEqual([
      { userId, athleteId: String(athleteId), reason: 'user' },
    ]);

    const twice = await harness
      .http()
      .post('/api/strava/disconnect')
      .set(await harness.as(userId));
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      message: 'Strava is not connected. Connect Strava to sync your rides.',
      code: 'RIDE_STRAVA_NOT_CONNECTED',
    });
    const sync = await harness
      .http()
      .post('/api/strava/sync')
      .set(await harness.as(userId));
    expect(sync.status).toBe(400);

    // reconnecting picks the same athlete up again, without duplicating a ride
    expect(await connectThroughStrava(harness, userId, athleteId)).toBe('/dashboard?strava=connected');
    await eventually(async () => (await syncSettled(harness, userId)) === 'completed');
    expect(await rideCount(harness, userId)).toBe(rides);
  });
});
