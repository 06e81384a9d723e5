import { describe, expect, it } from '@jest/globals';
import { activityName, MAX_NAME_LENGTH } from '../strava-activity.mapper.js';

describe('activity names as stored', () => {
  it('keeps ordinary names, markup included, as plain text', () => {
    expect(activityName('Morning Ride')).toBe('Morning Ride');
    expect(activityName('  Ride <3 with <b>friends</b> ')).toBe('Ride <3 with <b>friends</b>');
    expect(activityName('Col du Galibier 🚴‍♀️')).toBe('Col du Galibier 🚴‍♀️');
  });

  it(`cuts names to ${MAX_NAME_LENGTH} characters, never inside a character`, () => {
    expect(activityName('<img src=x onerror=alert(1)>'.repeat(3300))).toHaveLength(MAX_NAME_LENGTH);
    const emoji = activityName('🚴'.repeat(300))!;
    expect(Array.from(emoji)).toHaveLength(MAX_NAME_LENGTH);
    expect(emoji).toBe('🚴'.repeat(MAX_NAME_LENGTH));
  });

  it('replaces control characters and lone surrogates; nothing left is no name', () => {
    expect(activityName('Evening\u0000Ride\nwith\ttabs\u0085')).toBe('Evening Ride with tabs');
    expect(activityName('Ride \ud800 end')).toBe('Ride \ufffd end');
    expect(activityName('\u0000 \n ')).toBeNull();
    expect(activityName(null)).toBeNull();
    expect(activityName(42)).toBeNull();
  });
});
