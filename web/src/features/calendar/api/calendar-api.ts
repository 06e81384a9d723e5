import '../../../app/zod-jitless';
import type {
  CalendarFeedDto,
  CalendarFeedStatusDto,
  MovePlanSessionResultDto,
  PlanCalendarDto,
  WorkoutExportFormat,
} from '@domestique/proto';
import { getValidated, sendValidated } from '../../../app/rest/validated-rest';
import {
  CalendarFeedSchema,
  CalendarFeedStatusSchema,
  MovePlanSessionResultSchema,
  PlanCalendarSchema,
} from '../../plans/api/plan-schemas';

const withQuery = (path: string, params: Record<string, string | null>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

const sessionPath = (sessionId: string): string =>
  `/api/plans/current/sessions/${encodeURIComponent(sessionId)}`;

/** The calendar's REST calls (proto/src/dto/plans.dto.ts and workout-export.dto.ts). */
export const calendarApi = {
  /** `GET /api/plans/calendar`: planned sessions and completed rides, day by day. */
  days: (
    range: { from: string; to: string },
    tz: string | null,
    signal?: AbortSignal,
  ): Promise<PlanCalendarDto> =>
    getValidated(withQuery('/api/plans/calendar', { ...range, tz }), PlanCalendarSchema, signal),
  /** `PATCH /api/plans/current/sessions/{id}`: the plan, and the moved-to week re-checked. */
  moveSession: (sessionId: string, date: string, tz: string | null): Promise<MovePlanSessionResultDto> =>
    sendValidated('PATCH', withQuery(sessionPath(sessionId), { tz }), { date }, MovePlanSessionResultSchema),
  /** The address of a session as a workout file (a download link). */
  exportUrl: (sessionId: string, format: WorkoutExportFormat): string =>
    withQuery(`${sessionPath(sessionId)}/export`, { format }),
  /** `GET /api/training/calendar-feed`: whether a feed is live (its address is never shown again). */
  feedStatus: (signal?: AbortSignal): Promise<CalendarFeedStatusDto> =>
    getValidated('/api/training/calendar-feed', CalendarFeedStatusSchema, signal),
  /** `DELETE /api/training/calendar-feed`: the feed stops (its address answers nothing any more). */
  stopFeed: (): Promise<void> => sendValidated('DELETE', '/api/training/calendar-feed', undefined, null),
  /** `POST /api/training/calendar-feed`: a new feed address (the previous one stops working). */
  createFeed: (): Promise<CalendarFeedDto> =>
    sendValidated('POST', '/api/training/calendar-feed', undefined, CalendarFeedSchema),
};
