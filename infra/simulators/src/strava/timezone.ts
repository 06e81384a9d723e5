// Time-zone arithmetic for start_date_local, utc_offset and Strava's "(GMT-07:00) America/Denver" labels.

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatter = (timeZone: string): Intl.DateTimeFormat => {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
};

/** Offset of `timeZone` from UTC at the instant `epochSeconds`, in seconds (e.g. -21600). */
export const utcOffsetSeconds = (timeZone: string, epochSeconds: number): number => {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(epochSeconds * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return Math.round(asUtc / 1000 - Math.floor(epochSeconds));
};

/** The UTC instant (epoch seconds) of a wall-clock time in `timeZone`. */
export const zonedToEpoch = (
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second = 0,
): number => {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  const first = utcOffsetSeconds(timeZone, wall);
  const guess = wall - first;
  const corrected = utcOffsetSeconds(timeZone, guess);
  return corrected === first ? guess : wall - corrected;
};

/** ISO 8601 without milliseconds, as Strava writes its dates: 2024-03-02T14:05:09Z. */
export const isoSeconds = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Strava's label: the zone's standard offset and its name, e.g. "(GMT-07:00) America/Denver". */
export const timezoneLabel = (timeZone: string, epochSeconds: number): string => {
  const year = new Date(epochSeconds * 1000).getUTCFullYear();
  const january = utcOffsetSeconds(timeZone, Date.UTC(year, 0, 15) / 1000);
  const july = utcOffsetSeconds(timeZone, Date.UTC(year, 6, 15) / 1000);
  const standard = Math.min(january, july);
  const sign = standard < 0 ? '-' : '+';
  const minutes = Math.abs(standard) / 60;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `(GMT${sign}${hh}:${mm}) ${timeZone}`;
};
