import { describe, expect, it } from '@jest/globals';
import { addDays, localDate, mondayOf, startOfLocalDay, weekWindows } from '../calendar.js';

describe('calendar in the rider time zone', () => {
  it('reads the local date of an instant on either side of midnight', () => {
    const instant = new Date('2027-01-01T02:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2027-01-01');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-12-31');
    expect(localDate(new Date('2026-12-31T14:30:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('finds the Monday of a week across a year end', () => {
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // a Friday
    expect(mondayOf('2026-12-28')).toBe('2026-12-28');
    expect(mondayOf('2027-01-03')).toBe('2026-12-28'); // Sunday belongs to the week before
    expect(mondayOf('2027-01-04')).toBe('2027-01-04');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2027-01-02', -7)).toBe('2026-12-26');
  });

  it('starts a local day at its local midnight, daylight saving time included', () => {
    expect(startOfLocalDay('2026-07-01', 'Europe/Paris').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfLocalDay('2026-01-01', 'Europe/Paris').toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2027-01-01', 'Pacific/Auckland').toISOString()).toBe('2026-12-31T11:00:00.000Z');
    // Santiago skips from 00:00 to 01:00 at the start of its summer time: the day starts at 01:00
    const skipped = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDate(skipped, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(new Date(skipped.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('cuts 12 Monday-to-Monday weeks ending with the current one, across the year end', () => {
    const now = new Date('2027-01-01T02:30:00Z'); // Thursday 31 Dec 2026, 18:30 in Los Angeles
    const weeks = weekWindows(now, 'America/Los_Angeles', 12);
    expect(weeks).toHaveLength(12);
    expect(weeks[11]!.week).toBe('2026-12-28');
    expect(weeks[0]!.week).toBe('2026-10-12');
    expect(weeks[11]!.start.toISOString()).toBe('2026-12-28T08:00:00.000Z');
    expect(weeks[11]!.end.toISOString()).toBe('2027-01-04T08:00:00.000Z');
    // contiguous: each week ends where the next starts (the 1 Nov DST change included)
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]!.start).toEqual(weeks[i - 1]!.end);
    const dstWeek = weeks.find((w) => w.week === '2026-10-26')!;
    expect(dstWeek.end.getTime() - dstWeek.start.getTime()).toBe((7 * 24 + 1) * 3_600_000);
  });

  it('puts the same instant in different weeks in different zones', () => {
    const now = new Date('2027-01-04T03:00:00Z'); // Monday in UTC and Tokyo, still Sunday in New York
    expect(weekWindows(now, 'UTC', 1)[0]!.week).toBe('2027-01-04');
    expect(weekWindows(now, 'Asia/Tokyo', 1)[0]!.week).toBe('2027-01-04');
    expect(weekWindows(now, 'America/New_York', 1)[0]!.week).toBe('2026-12-28');
  });
});
