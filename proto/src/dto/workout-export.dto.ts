import { z } from 'zod';
import { RideMessages } from './rides.constants.js';

/**
 * Workouts for the bike computer and the trainer (issue 23, section 5), Elite only (Pro and Free get
 * 403 `{ message: WorkoutExportMessages.requiresElite }`), served by the rides service:
 * - `GET /api/training/workouts/{date}/export?format=zwo|fit|erg|mrc&tz=` the session planned on a
 *   day as a file (Content-Disposition attachment);
 * - `POST /api/training/calendar-feed` creates the rider's iCalendar feed, or resets it (the old URL
 *   stops working at once), and answers `CalendarFeedDto`;
 * - `GET /api/training/calendar-feed` answers `CalendarFeedStatusDto` (whether a feed is live: its
 *   URL cannot be shown again, only reset); `DELETE /api/training/calendar-feed` stops it (204);
 * - `GET /api/training/calendar-feed/{secret}.ics` the feed itself, public: the secret in the URL is
 *   the only credential (a calendar app sends no session).
 */

export const WORKOUT_EXPORT_FORMATS = ['zwo', 'fit', 'erg', 'mrc'] as const;
export type WorkoutExportFormat = (typeof WORKOUT_EXPORT_FORMATS)[number];

/** The Content-Type each format is served with. */
export const WORKOUT_EXPORT_CONTENT_TYPES: Record<WorkoutExportFormat, string> = {
  zwo: 'application/xml; charset=utf-8',
  fit: 'application/vnd.ant.fit',
  erg: 'text/plain; charset=utf-8',
  mrc: 'text/plain; charset=utf-8',
};

export const CALENDAR_FEED_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export const WorkoutExportMessages = {
  requiresElite: 'Workout exports and the calendar feed are available on the Elite plan.',
  invalidFormat: 'format must be one of zwo, fit, erg or mrc',
  invalidDate: 'The date must be a day (YYYY-MM-DD)',
  noSession: 'No session is planned on that day',
  needsPower:
    'This session is by heart rate (no FTP yet): export it as .fit, or set your FTP for .zwo, .erg and .mrc.',
  feedNotFound: 'Calendar feed not found',
} as const;

/** The `{date}` of the export path: a real calendar day (no 30 February). */
export const WorkoutDateParam = z.iso.date({ error: WorkoutExportMessages.invalidDate });

/** `?format=&tz=` of the export (tz: the browser's, used when Strava gave none). */
export const WorkoutExportQuery = z.strictObject({
  format: z.enum(WORKOUT_EXPORT_FORMATS, { error: WorkoutExportMessages.invalidFormat }),
  tz: z.string().max(64, RideMessages.invalidTimeZone).optional(),
});
export type WorkoutExportQuery = z.infer<typeof WorkoutExportQuery>;

/** The feed secret: 32 random bytes, base64url (43 characters). */
export const CALENDAR_FEED_SECRET_BYTES = 32;

/** The `{secret}` of the feed path (anything else is an unknown feed: 404, never 400). */
export const CalendarFeedSecret = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** `POST /api/training/calendar-feed`: the rider's feed address (shown once; a reset replaces it). */
export interface CalendarFeedDto {
  /** absolute `https://…/api/training/calendar-feed/{secret}.ics` */
  url: string;
}

/** `GET /api/training/calendar-feed`: whether the rider has a live feed, and since when. */
export interface CalendarFeedStatusDto {
  active: boolean;
  /** ISO 8601, when its current address was made; null without a feed */
  createdAt: string | null;
}
