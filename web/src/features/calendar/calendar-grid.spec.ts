import { describe, expect, it } from '@jest/globals';
import { session, testCalendar, testPlan } from '../plans/test-plans';
import {
  canDropOn,
  canMove,
  clampDay,
  daysFrom,
  keyedDay,
  rangeTitle,
  shiftAnchor,
  visibleRange,
  withPlanSessions,
  withSessionMoved,
} from './calendar-grid';

describe('the calendar grid', () => {
  it('shows whole weeks, Monday first: a month in at most 42 days, or one week', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday
    expect(visibleRange('month', '2026-03-11')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    expect(daysFrom('2026-02-23', '2026-04-05')).toHaveLength(42);
    // February 2027 is exactly four weeks, Monday to Sunday
    expect(visibleRange('month', '2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(visibleRange('week', '2026-03-15')).toEqual({ from: '2026-03-09', to: '2026-03-15' });
  });

  it('steps a month or a week back and on, and names what it shows', () => {
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-03-11', 1)).toBe('2026-03-18');
    expect(rangeTitle('month', '2026-03-11')).toBe('March 2026');
    expect(rangeTitle('week', '2026-03-11')).toBe('Mar 9 – Mar 15, 2026');
  });

  it('moves a picked-up session a day with the side arrows and a week with the others, within the days shown', () => {
    expect(keyedDay('2026-03-11', 'ArrowRight')).toBe('2026-03-12');
    expect(keyedDay('2026-03-11', 'ArrowUp')).toBe('2026-03-04');
    expect(keyedDay('2026-03-11', 'Enter')).toBeNull();
    expect(clampDay('2026-04-09', { from: '2026-02-23', to: '2026-04-05' })).toBe('2026-04-05');
  });

  it('moves only sessions still to ride, onto today or later', () => {
    expect(canMove(session('a', { date: '2026-03-11' }), '2026-03-11')).toBe(true);
    expect(canMove(session('a', { date: '2026-03-10' }), '2026-03-11')).toBe(false);
    expect(canMove(session('a', { date: '2026-03-12', status: 'completed' }), '2026-03-11')).toBe(false);
    expect(canDropOn('2026-03-10', '2026-03-11')).toBe(false);
    expect(canDropOn('2026-03-11', '2026-03-11')).toBe(true);
  });

  it('draws a move at once, then the sessions as the plan answers them', () => {
    const days = testCalendar('2026-03-09', '2026-03-15', [session('a', { date: '2026-03-12' })]).days;
    const moved = withSessionMoved(days, 'a', '2026-03-13');
    expect(moved.find((d) => d.date === '2026-03-12')!.sessions).toEqual([]);
    expect(moved.find((d) => d.date === '2026-03-13')!.sessions.map((s) => [s.id, s.date])).toEqual([
      ['a', '2026-03-13'],
    ]);
    const answered = withPlanSessions(days, testPlan({ sessions: [session('b', { date: '2026-03-15' })] }));
    expect(answered.flatMap((d) => d.sessions.map((s) => `${s.id}@${d.date}`))).toEqual(['b@2026-03-15']);
  });
});
