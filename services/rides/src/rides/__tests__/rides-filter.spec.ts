import { describe, expect, it } from '@jest/globals';
import { RidesPageQuery } from '@domestique/proto';
import { decodeCursor, encodeCursor } from '../ride-cursor.js';
import { toRideListFilter } from '../rides-filter.js';

const parse = (query: Record<string, unknown>) => RidesPageQuery.safeParse(query);
const message = (query: Record<string, unknown>) => parse(query).error?.issues[0]?.message;

describe('the rides list filter contract (zod)', () => {
  it('defaults to date, descending, every filter off', () => {
    expect(parse({}).data).toEqual({ limit: 10, sortBy: 'date', sortOrder: 'desc' });
  });

  it('reads a query string and GraphQL values alike', () => {
    const fromQuery = parse({
      from: '2026-03-01',
      to: '2026-03-31',
      type: 'GravelRide',
      minDistance: '10.5',
      maxDistance: '40',
      minDuration: '30',
      maxDuration: '120',
      hasAiFeedback: 'false',
      sortBy: 'speed',
      sortOrder: 'asc',
    }).data;
    expect(fromQuery).toMatchObject({
      minDistance: 10.5,
      maxDistance: 40,
      minDuration: 30,
      hasAiFeedback: false,
    });
    expect(parse({ minDistance: 10.5, hasAiFeedback: true }).data).toMatchObject({
      minDistance: 10.5,
      hasAiFeedback: true,
    });
  });

  it('names the problem of each bad value', () => {
    expect(message({ from: '2026-13-01' })).toBe('from must be a date (YYYY-MM-DD)');
    expect(message({ from: '2026-02-29' })).toBe('from must be a date (YYYY-MM-DD)');
    expect(message({ to: '1/3/2026' })).toBe('to must be a date (YYYY-MM-DD)');
    expect(message({ from: '2026-03-02', to: '2026-03-01' })).toBe('from must not be after to');
    expect(parse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(message({ type: 'Run' })).toMatch(/^type must be one of Ride, /);
    expect(message({ minDistance: ' ' })).toBe('minDistance must be a number of miles from 0 to 10000');
    expect(message({ maxDistance: '10001' })).toBe('maxDistance must be a number of miles from 0 to 10000');
    expect(message({ minDistance: '5', maxDistance: '4.9' })).toBe(
      'minDistance must not be greater than maxDistance',
    );
    expect(message({ maxDuration: '-1' })).toBe(
      'maxDuration must be a whole number of minutes from 0 to 100000',
    );
    expect(message({ minDuration: '61', maxDuration: '60' })).toBe(
      'minDuration must not be greater than maxDuration',
    );
    expect(message({ hasAiFeedback: '1' })).toBe('hasAiFeedback must be true or false');
    expect(message({ sortBy: 'name' })).toBe('sortBy must be one of date, distance, duration, speed');
    expect(message({ sortOrder: 'DESC' })).toBe('sortOrder must be asc or desc');
  });
});

describe('toRideListFilter', () => {
  it('converts miles to metres and minutes to seconds, days stay in the given time zone', () => {
    const query = parse({ minDistance: '10', maxDuration: '90', tz: 'Europe/Paris' }).data!;
    expect(toRideListFilter(query)).toMatchObject({
      minDistanceM: 16_093.4,
      maxMovingTimeS: 5400,
      timeZone: 'Europe/Paris',
      sortBy: 'date',
      sortOrder: 'desc',
    });
    expect(toRideListFilter(parse({}).data!).timeZone).toBe('UTC');
  });

  it('refuses an unknown time zone', () => {
    expect(() => toRideListFilter(parse({ tz: 'Mars/Olympus' }).data!)).toThrow('Unknown time zone');
  });
});

describe('ride cursors', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('round-trips within the same sort', () => {
    const cursor = encodeCursor({ sortBy: 'distance', sortOrder: 'asc', value: '32186.8', id });
    expect(decodeCursor(cursor, 'distance', 'asc')).toEqual({
      sortBy: 'distance',
      sortOrder: 'asc',
      value: '32186.8',
      id,
    });
  });

  it('refuses a cursor of another sort, or a malformed one', () => {
    const cursor = encodeCursor({ sortBy: 'distance', sortOrder: 'asc', value: '32186.8', id });
    expect(() => decodeCursor(cursor, 'distance', 'desc')).toThrow('Invalid cursor');
    expect(() => decodeCursor(cursor, 'speed', 'asc')).toThrow('Invalid cursor');
    const bad = (text: string) => Buffer.from(text).toString('base64url');
    expect(() => decodeCursor(bad(`date.desc|not-a-date|${id}`), 'date', 'desc')).toThrow('Invalid cursor');
    expect(() => decodeCursor(bad(`speed.desc|abc|${id}`), 'speed', 'desc')).toThrow('Invalid cursor');
    expect(() => decodeCursor(bad(`speed.desc|5|nope`), 'speed', 'desc')).toThrow('Invalid cursor');
    expect(() => decodeCursor(bad(`speed.desc|5|${id}|x`), 'speed', 'desc')).toThrow('Invalid cursor');
    expect(decodeCursor(bad(`date.desc|2026-03-01T00:00:00.000Z|${id}`), 'date', 'desc').value).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });
});
