import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { StravaSimulator } from '../index.js';
import { api, connect, DEMO_RIDER, json, startSim, type Activity, type Connection } from './sim-test-kit.js';

let sim: StravaSimulator;
let readAll: Connection;
let readOnly: Connection;
/** Every activity of Demo Rider, Only Me ones included, newest first (from the control API). */
let everything: Activity[];

beforeAll(async () => {
  sim = await startSim();
  readAll = await connect(sim, DEMO_RIDER, 'read,activity:read_all');
  readOnly = await connect(sim, DEMO_RIDER, 'read,activity:read');
  everything = sim.control.activities(DEMO_RIDER) as Activity[];
}, 60_000); // simulates every activity of the athlete once
afterAll(() => sim.close());
beforeEach(() => {
  sim.control.clearFaults();
  sim.control.resetRateLimits();
  sim.control.setRateLimits({ overall15m: 200, overallDaily: 2000, read15m: 100, readDaily: 1000 });
});

const list = async (query: string, token = readAll.access_token) => {
  const answer = await api(sim, `/athlete/activities${query}`, token);
  expect(answer.status).toBe(200);
  return json<Activity[]>(answer);
};
const epoch = (iso: string) => Date.parse(iso) / 1000;

describe('GET /athlete/activities', () => {
  it('pages newest first: 30 by default, up to 200 per page, every activity exactly once', async () => {
    expect(everything.length).toBeGreaterThan(200);
    expect(await list('')).toHaveLength(30);
    const capped = await list('?per_page=500');
    expect(capped).toHaveLength(200);
    const seen: Activity[] = [];
    for (let page = 1; ; page += 1) {
      const items = await list(`?per_page=100&page=${page}`);
      seen.push(...items);
      if (items.length < 100) break;
    }
    expect(seen.map((a) => a.id)).toEqual(everything.map((a) => a.id));
    expect(new Set(seen.map((a) => a.id)).size).toBe(seen.length);
    const starts = seen.map((a) => epoch(a.start_date));
    expect(starts.every((s, k) => k === 0 || s <= starts[k - 1]!)).toBe(true);
    expect(await list(`?per_page=100&page=${Math.ceil(seen.length / 100) + 1}`)).toEqual([]);
  });

  it('filters with before and after (epoch seconds, both exclusive); only `after` lists oldest first', async () => {
    const pivot = everything[40]!;
    const at = epoch(pivot.start_date);
    const after = await list(`?after=${at}&per_page=200`);
    expect(after.map((a) => a.id)).toEqual(
      everything
        .slice(0, 40)
        .map((a) => a.id)
        .reverse(),
    );
    const afterPaged = await list(`?after=${at}&per_page=5&page=2`);
    expect(afterPaged.map((a) => a.id)).toEqual(
      everything
        .slice(30, 35)
        .map((a) => a.id)
        .reverse(),
    );
    const before = await list(`?before=${at}&per_page=5`);
    expect(before.map((a) => a.id)).toEqual(everything.slice(41, 46).map((a) => a.id));
    const between = await list(`?after=${at}&before=${epoch(everything[10]!.start_date)}&per_page=200`);
    expect(between.map((a) => a.id)).toEqual(everything.slice(11, 40).map((a) => a.id));
    const bad = await api(sim, '/athlete/activities?after=yesterday', readAll.access_token);
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toEqual([{ resource: 'Application', field: 'after', code: 'invalid' }]);
  });

  it('hides Only Me activities from a token without activity:read_all', async () => {
    const onlyMe = everything.filter((a) => a.visibility === 'only_me');
    expect(onlyMe.length).toBeGreaterThan(0);
    const visible = await list('?per_page=200&page=1', readOnly.access_token);
    const page2 = await list('?per_page=200&page=2', readOnly.access_token);
    const ids = new Set([...visible, ...page2].map((a) => a.id));
    expect(ids.size).toBe(everything.length - onlyMe.length);
    for (const activity of onlyMe) expect(ids.has(activity.id)).toBe(false);
    const target = onlyMe[0]!;
    for (const path of [
      `/activities/${target.id}`,
      `/activities/${target.id}/streams?keys=time&key_by_type=true`,
    ]) {
      const hidden = await api(sim, path, readOnly.access_token);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({
        message: 'Record Not Found',
        errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }],
      });
      expect((await api(sim, path, readAll.access_token)).status).toBe(200);
    }
  });
});

describe('GET /activities/{id} and its streams', () => {
  it('answers the detailed activity of the athlete, and 404 for anyone else’s', async () => {
    const target = everything.find((a) => a.device_watts === true && a.has_heartrate === true)!;
    const answer = await api(sim, `/activities/${target.id}`, readAll.access_token);
    expect(answer.status).toBe(200);
    const detail = await json(answer);
    expect(detail).toMatchObject({
      ...target,
      resource_state: 3,
      map: expect.objectContaining({ id: `a${target.id}`, polyline: expect.any(String) }),
    });
    expect(detail.calories).toBeGreaterThan(0);
    const stranger = await connect(sim, 1000002);
    expect((await api(sim, `/activities/${target.id}`, stranger.access_token)).status).toBe(404);
    expect((await api(sim, '/activities/123', readAll.access_token)).status).toBe(404);
  });

  it('answers the requested streams keyed by type, 1 Hz, consistent with the summary', async () => {
    const target = everything.find((a) => a.device_watts === true && a.has_heartrate === true && !a.trainer)!;
    const keys = 'time,distance,latlng,altitude,velocity_smooth,heartrate,cadence,watts,moving,grade_smooth';
    const answer = await api(
      sim,
      `/activities/${target.id}/streams?keys=${keys}&key_by_type=true`,
      readAll.access_token,
    );
    expect(answer.status).toBe(200);
    const streams =
      await json<
        Record<string, { data: unknown[]; series_type: string; original_size: number; resolution: string }>
      >(answer);
    expect(Object.keys(streams).sort()).toEqual(keys.split(',').sort());
    const n = streams.time!.data.length;
    for (const stream of Object.values(streams)) {
      expect(stream).toEqual({
        data: expect.any(Array),
        series_type: 'distance',
        original_size: n,
        resolution: 'high',
      });
      expect(stream.data).toHaveLength(n);
    }
    expect(streams.time!.data.slice(0, 3)).toEqual([0, 1, 2]);
    expect(streams.distance!.data[n - 1]).toBe(target.distance);
    expect(streams.time!.data[n - 1]).toBe(target.elapsed_time);
    expect((streams.moving!.data as boolean[]).filter(Boolean).length).toBe(target.moving_time);
    expect(streams.latlng!.data[0]).toEqual(target.start_latlng);
    expect(Math.max(...(streams.heartrate!.data as number[]))).toBe(target.max_heartrate);
  });

  it('adds the distance series to a subset and leaves out what the ride did not record', async () => {
    const noSensors = everything.find(
      (a) => a.device_watts === false && a.has_heartrate === false && !a.manual,
    )!;
    const answer = await api(
      sim,
      `/activities/${noSensors.id}/streams?keys=time,watts,heartrate&key_by_type=true`,
      readAll.access_token,
    );
    expect(Object.keys(await json(answer)).sort()).toEqual(['distance', 'time']);
    const virtual = everything.find((a) => a.sport_type === 'VirtualRide')!;
    expect(virtual.trainer).toBe(true);
    const indoor = await json(
      await api(
        sim,
        `/activities/${virtual.id}/streams?keys=latlng,watts&key_by_type=true`,
        readAll.access_token,
      ),
    );
    expect(Object.keys(indoor).sort()).toEqual(['distance', 'watts']);
    // without key_by_type: Strava's list of typed streams
    const listed = await json<{ type: string }[]>(
      await api(sim, `/activities/${virtual.id}/streams?keys=watts`, readAll.access_token),
    );
    expect(listed.map((s) => s.type)).toEqual(['watts', 'distance']);
    const manual = everything.find((a) => a.manual === true)!;
    expect(
      await json(
        await api(sim, `/activities/${manual.id}/streams?keys=time&key_by_type=true`, readAll.access_token),
      ),
    ).toEqual({});
  });
});

describe('GET /athlete', () => {
  it('answers the summary athlete, and the detailed one (FTP, bikes) with profile:read_all', async () => {
    const summary = await json(await api(sim, '/athlete', readAll.access_token));
    expect(summary).toMatchObject({
      id: DEMO_RIDER,
      resource_state: 2,
      firstname: 'Demo',
      lastname: 'Rider',
    });
    expect(summary).not.toHaveProperty('ftp');
    const profile = await connect(sim, DEMO_RIDER, 'read,profile:read_all,activity:read_all');
    const detailed = await json(await api(sim, '/athlete', profile.access_token));
    expect(detailed).toMatchObject({
      id: DEMO_RIDER,
      resource_state: 3,
      ftp: 250,
      measurement_preference: 'feet',
    });
    expect((detailed.bikes as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('GET /athletes/{id}/stats', () => {
  it('totals the athlete’s rides and runs visible to Everyone, and refuses another athlete’s', async () => {
    const answer = await api(sim, `/athletes/${DEMO_RIDER}/stats`, readAll.access_token);
    expect(answer.status).toBe(200);
    const stats = await json<Record<string, Record<string, number>>>(answer);
    const cyclingTypes = ['Ride', 'MountainBikeRide', 'GravelRide', 'EBikeRide', 'VirtualRide'];
    const rides = everything.filter(
      (a) => a.visibility === 'everyone' && cyclingTypes.includes(a.sport_type as string),
    );
    const runs = everything.filter((a) => a.visibility === 'everyone' && a.sport_type === 'Run');
    const sum = (list: Activity[], field: string) =>
      list.reduce((total, a) => total + (a[field] as number), 0);
    const ride = stats.all_ride_totals!;
    // counts and moving times exact; distance, elapsed time and climbing estimated (within 15 %)
    expect(ride.count).toBe(rides.length);
    expect(ride.moving_time).toBe(sum(rides, 'moving_time'));
    expect(Math.abs(ride.distance / sum(rides, 'distance') - 1)).toBeLessThan(0.15);
    expect(Math.abs(ride.elapsed_time / sum(rides, 'elapsed_time') - 1)).toBeLessThan(0.15);
    expect(Math.abs(ride.elevation_gain / sum(rides, 'total_elevation_gain') - 1)).toBeLessThan(0.3);
    expect(stats.all_run_totals!.count).toBe(runs.length);
    expect(stats.all_run_totals!.moving_time).toBe(sum(runs, 'moving_time'));
    const recent = rides.filter((a) => epoch(a.start_date) >= sim.control.now() - 28 * 86_400);
    expect(stats.recent_ride_totals).toMatchObject({
      count: recent.length,
      moving_time: sum(recent, 'moving_time'),
      achievement_count: sum(recent, 'achievement_count'),
    });
    expect(stats.all_swim_totals).toEqual({
      count: 0,
      distance: 0,
      moving_time: 0,
      elapsed_time: 0,
      elevation_gain: 0,
    });
    expect((await api(sim, '/athletes/1000002/stats', readAll.access_token)).status).toBe(403);
  });
});

describe('authorization', () => {
  it('answers 401 Authorization Error without, with an unknown or with an expired token', async () => {
    const error = {
      message: 'Authorization Error',
      errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
    };
    const none = await api(sim, '/athlete/activities');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual(error);
    expect((await api(sim, '/athlete/activities', 'f00')).status).toBe(401);
    const soon = await connect(sim, 1000002);
    sim.control.expireTokens(1000002);
    const expired = await api(sim, '/athlete', soon.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual(error);
    // Strava's access_token query parameter works as well as the header
    expect((await fetch(`${sim.apiUrl}/athlete?access_token=${readAll.access_token}`)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('sends Strava’s four headers with every answer, errors included', async () => {
    const answers = [
      await api(sim, '/athlete', readAll.access_token),
      await api(sim, '/athlete/activities?per_page=1', readAll.access_token),
      await api(sim, '/activities/1', readAll.access_token),
      await api(sim, '/athlete'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 401]);
    answers.forEach((answer, k) => {
      expect(answer.headers.get('x-ratelimit-limit')).toBe('200,2000');
      expect(answer.headers.get('x-readratelimit-limit')).toBe('100,1000');
      expect(answer.headers.get('x-ratelimit-usage')).toBe(`${k + 1},${k + 1}`);
      expect(answer.headers.get('x-readratelimit-usage')).toBe(`${k + 1},${k + 1}`);
    });
  });

  it('answers 429 past the 15-minute read limit until the next quarter hour', async () => {
    sim.control.setRateLimits({ read15m: 3, readDaily: 10 });
    for (let k = 0; k < 3; k += 1)
      expect((await api(sim, '/athlete', readAll.access_token)).status).toBe(200);
    const refused = await api(sim, '/athlete', readAll.access_token);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: 'Rate Limit Exceeded',
      errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
    });
    expect(refused.headers.get('x-readratelimit-limit')).toBe('3,10');
    expect(refused.headers.get('x-readratelimit-usage')).toBe('4,4');
    sim.control.advanceClock(15 * 60);
    const next = await api(sim, '/athlete', readAll.access_token);
    expect(next.status).toBe(200);
    expect(next.headers.get('x-readratelimit-usage')).toBe('1,5');
    expect(sim.control.rateLimits().usage).toEqual({
      overall15m: 1,
      overallDaily: 5,
      read15m: 1,
      readDaily: 5,
    });
  });
});

describe('fault injection and counters', () => {
  it('a 429 storm answers the next N requests with 429, then service resumes', async () => {
    sim.control.resetCounters();
    sim.control.rateLimitStorm(2);
    const statuses = [];
    for (let k = 0; k < 3; k += 1)
      statuses.push((await api(sim, '/athlete/activities', readAll.access_token)).status);
    expect(statuses).toEqual([429, 429, 200]);
    expect(sim.control.counters()).toMatchObject({ listCalls: 3, rateLimited: 2, serverErrors: 0 });
  });

  it('a 5xx burst answers the next N requests with the status chosen (over HTTP too)', async () => {
    sim.control.resetCounters();
    const armed = await fetch(`${sim.url}/_sim/faults/server-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: 2, status: 502 }),
    });
    expect(armed.status).toBe(204);
    const target = everything[3]!;
    const statuses = [];
    for (let k = 0; k < 3; k += 1)
      statuses.push(
        (await api(sim, `/activities/${target.id}/streams?keys=time`, readAll.access_token)).status,
      );
    expect(statuses).toEqual([502, 502, 200]);
    const counters = await json(await fetch(`${sim.url}/_sim/counters`));
    expect(counters).toMatchObject({ streamCalls: 3, serverErrors: 2, rateLimited: 0 });
    const bad = await fetch(`${sim.url}/_sim/faults/server-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: 2, status: 404 }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'status must be a 5xx status code' });
  });

  it('a fixed latency slows every answer', async () => {
    sim.control.setLatency(250);
    const started = performance.now();
    expect((await api(sim, '/athlete', readAll.access_token)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    sim.control.setLatency(0);
  });

  it('counts list, activity and stream calls until reset', async () => {
    sim.control.resetCounters();
    await api(sim, '/athlete/activities', readAll.access_token);
    await api(sim, `/activities/${everything[0]!.id}`, readAll.access_token);
    await api(sim, `/activities/${everything[0]!.id}/streams?keys=time`, readAll.access_token);
    await api(sim, '/athlete', 'bad-token');
    expect(sim.control.counters()).toMatchObject({
      listCalls: 1,
      activityCalls: 1,
      streamCalls: 1,
      athleteCalls: 1,
      unauthorized: 1,
    });
    expect((await fetch(`${sim.url}/_sim/counters/reset`, { method: 'POST' })).status).toBe(204);
    expect(sim.control.counters()).toMatchObject({ listCalls: 0, activityCalls: 0, streamCalls: 0 });
  });
});
