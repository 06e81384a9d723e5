import { memoize } from '@domestique/common';

/**
 * True for an IANA time zone name this runtime knows ("Europe/Paris"). Asking ICU costs more than
 * the rest of a dashboard request's own work, so answers are remembered (a bounded number of names).
 */
export const isTimeZone = memoize(
  (name: string): boolean => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return true;
    } catch {
      return false;
    }
  },
  (name) => name,
);

/** Strava's "(GMT-08:00) America/Los_Angeles" -> "America/Los_Angeles"; null when it is not a known zone. */
export const timeZoneOf = (value: string | null | undefined): string | null => {
  const name = (value ?? '').replace(/^\([^)]*\)\s*/, '').trim();
  return name && isTimeZone(name) ? name : null;
};
