/** True for an IANA time zone name this runtime knows ("Europe/Paris"). */
export const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** Strava's "(GMT-08:00) America/Los_Angeles" -> "America/Los_Angeles"; null when it is not a known zone. */
export const timeZoneOf = (value: string | null | undefined): string | null => {
  const name = (value ?? '').replace(/^\([^)]*\)\s*/, '').trim();
  return name && isTimeZone(name) ? name : null;
};
