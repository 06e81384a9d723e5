/** The browser's IANA time zone: weeks start Monday 00:00 there when Strava gave the rider none. */
export const browserTimeZone = (): string | null => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};
