import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { StravaSimulator } from '../index.js';
import {
  api,
  CLIENT,
  connect,
  DEMO_RIDER,
  eventually,
  json,
  postForm,
  startReceiver,
  startSim,
  type Connection,
  type Receiver,
} from './sim-test-kit.js';

let sim: StravaSimulator;
let receiver: Receiver;

const subscribe = (callbackUrl: string, verifyToken = 'verify-me') =>
  postForm(`${sim.apiUrl}/push_subscriptions`, {
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
    callback_url: callbackUrl,
    verify_token: verifyToken,
  });
const subscriptions = () =>
  fetch(`${sim.apiUrl}/push_subscriptions?client_id=${CLIENT.id}&client_secret=${CLIENT.secret}`);
const unsubscribe = (id: number) =>
  fetch(`${sim.apiUrl}/push_subscriptions/${id}?client_id=${CLIENT.id}&client_secret=${CLIENT.secret}`, {
    method: 'DELETE',
  });

beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());
beforeEach(async () => {
  receiver = await startReceiver();
  sim.control.clearDeliveries();
});
afterEach(async () => {
  for (const subscription of sim.control.subscriptions()) await unsubscribe(subscription.id);
  await receiver.close();
});

describe('push subscriptions', () => {
  it('validates the callback with the hub.challenge handshake, then lists and deletes the subscription', async () => {
    const created = await subscribe(receiver.url);
    expect(created.status).toBe(201);
    const { id } = await json<{ id: number }>(created);
    expect(receiver.challenges).toHaveLength(1);
    const handshake = receiver.challenges[0]!;
    expect(handshake.get('hub.mode')).toBe('subscribe');
    expect(handshake.get('hub.verify_token')).toBe('verify-me');
    expect(handshake.get('hub.challenge')).toMatch(/^[0-9a-f]{16}$/);
    const listed = await json<unknown[]>(await subscriptions());
    expect(listed).toEqual([
      {
        id,
        resource_state: 2,
        application_id: CLIENT.id,
        callback_url: receiver.url,
        created_at: '2025-06-18T12:00:00Z',
        updated_at: '2025-06-18T12:00:00Z',
      },
    ]);
    const duplicate = await subscribe(receiver.url);
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'PushSubscription', field: '', code: 'already exists' }],
    });
    expect((await unsubscribe(id)).status).toBe(204);
    expect(await json(await subscriptions())).toEqual([]);
    expect((await unsubscribe(id)).status).toBe(404);
  });

  it('refuses a callback that does not answer 200, or does not echo the challenge', async () => {
    const wrongToken = await subscribe(receiver.url, 'not-the-token');
    expect(wrongToken.status).toBe(400);
    expect((await json(wrongToken)).errors).toEqual([
      {
        resource: 'PushSubscription',
        field: 'callback url',
        code: 'GET to callback URL does not return 200',
      },
    ]);
    receiver.handshake = 'wrong';
    const wrongEcho = await subscribe(receiver.url);
    expect(wrongEcho.status).toBe(400);
    expect((await json(wrongEcho)).errors).toEqual([
      { resource: 'PushSubscription', field: 'callback url', code: 'not verifiable' },
    ]);
    const nobody = await subscribe('http://127.0.0.1:9/nothing-listens-here');
    expect(nobody.status).toBe(400);
    const missing = await postForm(`${sim.apiUrl}/push_subscriptions`, {
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      verify_token: 'x',
    });
    expect((await json(missing)).errors).toEqual([
      { resource: 'PushSubscription', field: 'callback_url', code: 'missing' },
    ]);
    const wrongSecret = await postForm(`${sim.apiUrl}/push_subscriptions`, {
      client_id: CLIENT.id,
      client_secret: 'nope',
      callback_url: receiver.url,
      verify_token: 'verify-me',
    });
    expect(wrongSecret.status).toBe(401);
    expect(sim.control.subscriptions()).toEqual([]);
  });
});

describe('events', () => {
  let rider: Connection;
  let subscriptionId: number;
  beforeEach(async () => {
    rider = await connect(sim, DEMO_RIDER, 'read,activity:read_all');
    ({ id: subscriptionId } = await json<{ id: number }>(await subscribe(receiver.url)));
  });

  it('pushes a new activity’s create event; the activity is then the newest in the API', async () => {
    const { activity, deliveries } = await sim.control.createActivity(DEMO_RIDER, {
      sportType: 'Ride',
      workout: 'endurance',
    });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ delivered: true, attempts: [{ status: 200 }] });
    expect(receiver.events).toEqual([
      {
        object_type: 'activity',
        object_id: activity.id,
        aspect_type: 'create',
        owner_id: DEMO_RIDER,
        subscription_id: subscriptionId,
        event_time: sim.control.now(),
        updates: {},
      },
    ]);
    const newest = await json<{ id: number }[]>(
      await api(sim, '/athlete/activities?per_page=1', rider.access_token),
    );
    expect(newest[0]!.id).toBe(activity.id);
    const detail = await json(await api(sim, `/activities/${String(activity.id)}`, rider.access_token));
    expect(detail).toMatchObject({ sport_type: 'Ride', moving_time: expect.any(Number) });
    expect(Date.parse(detail.start_date as string)).toBeLessThan(sim.control.now() * 1000);
  });

  it('pushes title, type and privacy updates, and deletes', async () => {
    const { activity } = await sim.control.createActivity(DEMO_RIDER, { name: 'Lunch loop', private: false });
    const id = activity.id as number;
    const { activity: updated } = await sim.control.updateActivity(id, {
      name: 'Lunch loop with a flat',
      sportType: 'GravelRide',
      private: true,
    });
    expect(updated).toMatchObject({
      name: 'Lunch loop with a flat',
      sport_type: 'GravelRide',
      type: 'Ride',
      private: true,
    });
    expect(receiver.events[1]).toMatchObject({
      object_type: 'activity',
      object_id: id,
      aspect_type: 'update',
      owner_id: DEMO_RIDER,
      updates: { title: 'Lunch loop with a flat', type: 'GravelRide', private: 'true' },
    });
    const fetched = await json(await api(sim, `/activities/${id}`, rider.access_token));
    expect(fetched).toMatchObject({ name: 'Lunch loop with a flat', visibility: 'only_me' });
    await sim.control.deleteActivity(id);
    expect(receiver.events[2]).toMatchObject({ object_id: id, aspect_type: 'delete', updates: {} });
    expect((await api(sim, `/activities/${id}`, rider.access_token)).status).toBe(404);
  });

  it('retries a delivery that is not answered 200, three attempts in all', async () => {
    receiver.postStatuses.push(500, 503);
    const { deliveries } = await sim.control.createActivity(DEMO_RIDER);
    expect(deliveries[0]!.attempts).toEqual([{ status: 500 }, { status: 503 }, { status: 200 }]);
    expect(deliveries[0]!.delivered).toBe(true);
    expect(receiver.events).toHaveLength(1);
    receiver.postStatuses.push(500, 500, 500);
    const failed = await sim.control.createActivity(DEMO_RIDER);
    expect(failed.deliveries[0]).toMatchObject({
      delivered: false,
      attempts: [{ status: 500 }, { status: 500 }, { status: 500 }],
    });
  });

  it('tells an application without activity:read_all nothing about Only Me activities or privacy', async () => {
    await connect(sim, 1000002, 'read,activity:read');
    const { deliveries } = await sim.control.createActivity(1000002, { private: true });
    expect(deliveries).toEqual([]);
    const visible = await sim.control.createActivity(1000002, { private: false });
    expect(visible.deliveries).toHaveLength(1);
    const privacy = await sim.control.updateActivity(visible.activity.id as number, { private: true });
    expect(privacy.deliveries).toEqual([]);
    const title = await sim.control.updateActivity(visible.activity.id as number, {
      private: false,
      name: 'Renamed',
    });
    expect(title.deliveries[0]!.event.updates).toEqual({ title: 'Renamed' });
  });

  it('pushes the athlete deauthorization when the application deauthorizes, or the athlete revokes', async () => {
    const answer = await postForm(`${sim.oauthUrl}/deauthorize`, { access_token: rider.access_token });
    expect(answer.status).toBe(200);
    await eventually(() =>
      expect(receiver.events).toContainEqual({
        object_type: 'athlete',
        object_id: DEMO_RIDER,
        aspect_type: 'update',
        owner_id: DEMO_RIDER,
        subscription_id: subscriptionId,
        event_time: sim.control.now(),
        updates: { authorized: 'false' },
      }),
    );
    // no longer authorized: no more events about this athlete
    expect((await sim.control.createActivity(DEMO_RIDER)).deliveries).toEqual([]);
    const again = await connect(sim, DEMO_RIDER);
    const revoked = await sim.control.revokeAccess(DEMO_RIDER);
    expect(revoked.map((d) => d.event.updates)).toEqual([{ authorized: 'false' }]);
    expect((await api(sim, '/athlete', again.access_token)).status).toBe(401);
  });

  it('offers the same controls over HTTP under /_sim', async () => {
    const post = (path: string, body: unknown, method = 'POST') =>
      fetch(`${sim.url}/_sim${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await post(`/athletes/${DEMO_RIDER}/activities`, {
      sportType: 'VirtualRide',
      durationMinutes: 45,
    });
    expect(created.status).toBe(201);
    const { activity } = await json<{ activity: { id: number; trainer: boolean; moving_time: number } }>(
      created,
    );
    expect(activity).toMatchObject({ trainer: true, moving_time: 2700 });
    const patched = await post(`/activities/${activity.id}`, { name: 'Zwift - Tempo' }, 'PATCH');
    expect(patched.status).toBe(200);
    expect((await fetch(`${sim.url}/_sim/activities/${activity.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(receiver.events.map((e) => e.aspect_type)).toEqual(['create', 'update', 'delete']);
    const deliveries = await json<unknown[]>(await fetch(`${sim.url}/_sim/deliveries`));
    expect(deliveries).toHaveLength(3);
    expect((await post('/athletes/42/activities', {})).status).toBe(404);
    expect((await post(`/athletes/${DEMO_RIDER}/activities`, { sportType: 'Swim' })).status).toBe(400);
    expect((await post('/activities/42', { name: 'x' }, 'PATCH')).status).toBe(404);
  });
});
