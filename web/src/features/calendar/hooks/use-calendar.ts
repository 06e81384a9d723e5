import type { MovePlanSessionResultDto, PlanCalendarDto } from '@domestique/proto';
import { useCallback, useRef, useState } from 'react';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { useResource, type Resource } from '../../../app/rest/use-resource';
import { calendarApi } from '../api/calendar-api';
import {
  shiftAnchor,
  visibleRange,
  withPlanSessions,
  withSessionMoved,
  type CalendarDay,
  type CalendarView,
} from '../calendar-grid';

/** The days a view shows and the way around them: back, on, today, month or week. */
export function useCalendarRange(today: string) {
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(today);
  return {
    view,
    anchor,
    range: visibleRange(view, anchor),
    setView,
    previous: () => setAnchor((current) => shiftAnchor(view, current, -1)),
    next: () => setAnchor((current) => shiftAnchor(view, current, 1)),
    today: () => setAnchor(today),
  };
}

export type MoveOutcome =
  { ok: true; week: MovePlanSessionResultDto['week'] } | { ok: false; message: string };

/**
 * The range's days, and `move`: the session is shown on its new day at once, then as the server's
 * answer has the plan; a refusal puts it back where it was, with the server's words.
 */
export function useCalendarDays(range: { from: string; to: string }) {
  const tz = browserTimeZone();
  const key = `${range.from}:${range.to}:${tz ?? ''}`;
  const { value, retry } = useResource<PlanCalendarDto>(key, (signal) => calendarApi.days(range, tz, signal));
  const [local, setLocal] = useState<{ key: string; days: CalendarDay[] } | null>(null);
  const loaded = value.state === 'ready' ? value.data : null;
  const days = local?.key === key ? local.days : (loaded?.days ?? []);
  const current = useRef(days);
  current.current = days;

  const move = useCallback(
    async (sessionId: string, date: string): Promise<MoveOutcome> => {
      const before = current.current;
      setLocal({ key, days: withSessionMoved(before, sessionId, date) });
      try {
        const { plan, week } = await calendarApi.moveSession(sessionId, date, tz);
        setLocal({ key, days: withPlanSessions(before, plan) });
        return { ok: true, week };
      } catch (error) {
        setLocal({ key, days: before });
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    [key, tz],
  );

  const reload = useCallback(() => {
    setLocal(null);
    retry();
  }, [retry]);

  const shown: Resource<PlanCalendarDto> =
    loaded && value.state === 'ready' ? { state: 'ready', data: { ...loaded, days } } : value;
  return { value: shown, move, retry: reload };
}
