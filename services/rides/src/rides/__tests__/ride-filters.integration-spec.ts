import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  RIDE_SORT_FIELDS,
  RIDE_SORT_ORDERS,
  type RideDto,
  type RideSortField,
  type RideSortOrder,
} from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';

interface Seed {
  start: string;
  type: string | null;
  distance: number;
  moving: number;
  speed: number;
  analysed: boolean;
}

jest.setTimeout(60_000);

/** The rides page's filters and sorts through `GET /api/rides` and GraphQL `ridesPage`, on PostgreSQL. */
describe('rides list filters, sorts and keyset pages (real PostgreSQL)', () => {
  let harness: RidesHarness;
  const userId = newUserId();
  const seeds: (Seed & { id: string })[] = [];

  const newRide = async (seed: Seed) => {
    const [row] = (await harness.db.query(
      `INSERT INTO rides.rides (user_id, source, external_id, name, sport_type, start_date, distance_m,
         moving_time_s, elapsed_time_s, average_speed_mps, has_ai_feedback)
       VALUES ($1, 'strava', $2, $3, $4, $5, $6, $7, $7, $8, $9) RETURNING id`,
      [
        userId,
        randomUUID(),
        `Ride ${seeds.length + 1}`,
        seed.type,
        seed.start,
        seed.distance,
        seed.moving,
        seed.speed,
        seed.analysed,
      ],
    )) as { id: string }[];
    seeds.push({ ...seed, id: row!.id });
  };

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }] });
    const types = ['Ride', 'GravelRide', null, 'VirtualRide', 'MountainBikeRide'];
    for (let i = 0; i < 17; i += 1) {
      await newRide({
        // two rides share a start, and distances, durations and speeds repeat: ties are broken by id
        start: `2026-03-${String(1 + Math.min(i, 15)).padStart(2, '0')}T${i % 2 ? '03' : '15'}:00:00Z`,
        type: types[i % types.length]!,
        distance: [16_093.4, 32_186.8, 48_280.2, 32_186.8][i % 4]!,
        moving: [1800, 3600, 5400][i % 3]!,
        speed: [5.25, 7.5, 6.1][i % 3]! + (i % 5 === 0 ? 0.01 : 0),
        analysed: i % 3 === 0,
      });
    }
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  const headers = () => harness.as(userId);
  const rest = async (query: string) =>
    harness
      .http()
      .get(`/api/rides?${query}`)
      .set(await headers());

  const key = (seed: Seed, sortBy: RideSortField): number =>
    ({
      date: new Date(seed.start).getTime(),
      distance: seed.distance,
      duration: seed.moving,
      speed: seed.speed,
    })[sortBy];
  const expected = (keep: (seed: Seed) => boolean, sortBy: RideSortField, sortOrder: RideSortOrder) => {
    const sign = sortOrder === 'asc' ? 1 : -1;
    return seeds
      .filter(keep)
      .sort((a, b) => sign * (key(a, sortBy) - key(b, sortBy) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      .map((seed) => seed.id);
  };

  /** Every page of `query`, `limit` at a time; checks the filtered total on each page. */
  const allPages = async (query: string, limit: number, total: number): Promise<string[]> => {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await rest(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers['x-total-count']).toBe(String(total));
      ids.push(...(answer.body as RideDto[]).map((ride) => ride.id));
      cursor = answer.headers['x-next-cursor'] as string | undefined;
      pages += 1;
      expect(pages).toBeLessThanOrEqual(seeds.length);
    } while (cursor);
    return ids;
  };

  it('pages every sort in both orders without skipping or repeating a ride, ties broken by id', async () => {
    for (const sortBy of RIDE_SORT_FIELDS)
      for (const sortOrder of RIDE_SORT_ORDERS) {
        const order = expected(() => true, sortBy, sortOrder);
        expect(await allPages(`sortBy=${sortBy}&sortOrder=${sortOrder}`, 4, seeds.length)).toEqual(order);
      }
  });

  it('defaults to date, newest first', async () => {
    expect(await allPages('', 5, seeds.length)).toEqual(expected(() => true, 'date', 'desc'));
  });

  it('applies each filter, and all of them together, with the filtered total and its pages', async () => {
    const miles = 1609.34;
    const cases: [string, (seed: Seed) => boolean][] = [
      ['type=GravelRide', (s) => s.type === 'GravelRide'],
      ['type=Ride', (s) => (s.type ?? 'Ride') === 'Ride'],
      ['minDistance=20', (s) => s.distance >= 20 * miles],
      ['maxDistance=20.0', (s) => s.distance <= 20 * miles],
      ['minDistance=10&maxDistance=20', (s) => s.distance >= 10 * miles && s.distance <= 20 * miles],
      ['minDuration=60', (s) => s.moving >= 3600],
      ['maxDuration=60', (s) => s.moving <= 3600],
      ['hasAiFeedback=true', (s) => s.analysed],
      ['hasAiFeedback=false', (s) => !s.analysed],
      ['from=2026-03-05', (s) => s.start >= '2026-03-05'],
      ['to=2026-03-05', (s) => s.start < '2026-03-06'],
      ['from=2026-03-04&to=2026-03-08', (s) => s.start >= '2026-03-04' && s.start < '2026-03-09'],
      [
        'from=2026-03-02&type=Ride&minDuration=30&hasAiFeedback=false&maxDistance=30',
        (s) =>
          s.start >= '2026-03-02' &&
          (s.type ?? 'Ride') === 'Ride' &&
          s.moving >= 1800 &&
          !s.analysed &&
          s.distance <= 30 * miles,
      ],
    ];
    for (const [query, keep] of cases) {
      const want = expected(keep, 'distance', 'asc');
      expect(want.length).toBeGreaterThan(0);
      expect(await allPages(`${query}&sortBy=distance&sortOrder=asc`, 3, want.length)).toEqual(want);
    }
    expect(await allPages('type=EBikeRide', 10, 0)).toEqual([]);
  });

  it("counts days in the browser's time zone when given", async () => {
    // Ride 2 starts 2026-03-02 03:00 UTC: still 1 March in Los Angeles.
    const second = seeds[1]!.id;
    const utc = (await rest('from=2026-03-02&to=2026-03-02&limit=50')).body as RideDto[];
    expect(utc.map((ride) => ride.id)).toContain(second);
    const la = (await rest('from=2026-03-01&to=2026-03-01&tz=America/Los_Angeles&limit=50'))
      .body as RideDto[];
    expect(la.map((ride) => ride.id)).toContain(second);
    const paris = (await rest('from=2026-03-01&to=2026-03-01&tz=Europe/Paris&limit=50')).body as RideDto[];
    expect(paris.map((ride) => ride.id)).not.toContain(second);
  });

  it('answers 400 with a message for a bad filter, sort or a cursor of another order', async () => {
    for (const [query, message] of [
      ['from=2026-02-30', 'from must be a date (YYYY-MM-DD)'],
      ['to=yesterday', 'to must be a date (YYYY-MM-DD)'],
      ['from=2026-03-05&to=2026-03-01', 'from must not be after to'],
      ['type=Run', expect.stringMatching(/^type must be one of Ride, MountainBikeRide/)],
      ['minDistance=-1', 'minDistance must be a number of miles from 0 to 10000'],
      ['maxDistance=', 'maxDistance must be a number of miles from 0 to 10000'],
      ['minDistance=abc', 'minDistance must be a number of miles from 0 to 10000'],
      ['minDistance=30&maxDistance=20', 'minDistance must not be greater than maxDistance'],
      ['minDuration=1.5', 'minDuration must be a whole number of minutes from 0 to 100000'],
      ['minDuration=90&maxDuration=30', 'minDuration must not be greater than maxDuration'],
      ['hasAiFeedback=yes', 'hasAiFeedback must be true or false'],
      ['sortBy=power', 'sortBy must be one of date, distance, duration, speed'],
      ['sortOrder=up', 'sortOrder must be asc or desc'],
      ['tz=Mars/Olympus', 'Unknown time zone'],
    ] as const) {
      const answer = await rest(query);
      expect({ query, status: answer.status, message: answer.body.message }).toEqual({
        query,
        status: 400,
        message,
      });
    }
    const first = await rest('sortBy=speed&limit=2');
    const cursor = encodeURIComponent(first.headers['x-next-cursor'] as string);
    expect((await rest(`sortBy=speed&limit=2&cursor=${cursor}`)).status).toBe(200);
    for (const other of ['sortBy=distance', 'sortBy=speed&sortOrder=asc', '']) {
      const answer = await rest(`${other}&limit=2&cursor=${cursor}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Invalid cursor');
    }
  });

  it('takes the same filter in GraphQL ridesPage, pages in its order and refuses bad values', async () => {
    const query = `query($c: String, $f: RideFilterInput) {
      ridesPage(limit: 4, cursor: $c, filter: $f) { totalCount nextCursor rides { id } } }`;
    const filter = { hasAiFeedback: false, sortBy: 'duration', sortOrder: 'desc', minDuration: 30 };
    const want = expected((s) => !s.analysed && s.moving >= 1800, 'duration', 'desc');
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await harness
        .http()
        .post('/graphql')
        .set(await headers())
        .send({ query, variables: { c: cursor, f: filter } });
      const page = answer.body.data.ridesPage as {
        totalCount: number;
        nextCursor: string | null;
        rides: { id: string }[];
      };
      expect(page.totalCount).toBe(want.length);
      ids.push(...page.rides.map((ride) => ride.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(want);

    const bad = await harness
      .http()
      .post('/graphql')
      .set(await headers())
      .send({ query, variables: { f: { minDistance: 50, maxDistance: 10 } } });
    expect(bad.body.errors[0].message).toBe('minDistance must not be greater than maxDistance');
    expect(bad.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });
});
