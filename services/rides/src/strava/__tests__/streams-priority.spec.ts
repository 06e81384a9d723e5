import { describe, expect, it } from '@jest/globals';
import { streamsPriority } from '../strava-ride-importer.js';

const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);

describe('order of stream fetches', () => {
  it('fetches the last 90 days first, oldest first, then older rides, oldest first', () => {
    const rides = [daysAgo(1), daysAgo(30), daysAgo(89), daysAgo(91), daysAgo(400), daysAgo(120)];
    const order = [...rides].sort((a, b) => streamsPriority(a, now) - streamsPriority(b, now));
    expect(order).toEqual([daysAgo(89), daysAgo(30), daysAgo(1), daysAgo(400), daysAgo(120), daysAgo(91)]);
  });

  it('stays within the priorities BullMQ accepts', () => {
    expect(streamsPriority(daysAgo(89.9), now)).toBeGreaterThanOrEqual(1);
    expect(streamsPriority(daysAgo(0), now)).toBeLessThan(1000);
    expect(streamsPriority(new Date('1990-01-01T00:00:00Z'), now)).toBeLessThanOrEqual(2_097_152);
    expect(streamsPriority(new Date('1990-01-01T00:00:00Z'), now)).toBeGreaterThan(1000);
  });
});
