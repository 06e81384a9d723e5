/**
 * Strava's rate limits, as plain arithmetic (the Redis-backed limiter applies it).
 *
 * Strava counts every request in a 15-minute window (resetting at 0, 15, 30 and 45 minutes past the
 * hour) and a daily window (resetting at midnight UTC), overall and for reads, and reports both in
 * `X-RateLimit-Limit` / `X-RateLimit-Usage` ("short,long") and `X-ReadRateLimit-Limit` /
 * `X-ReadRateLimit-Usage`. Beyond a limit it answers 429.
 */

export interface WindowPair {
  /** the short (15-minute) window */
  short: number;
  /** the long (daily) window */
  long: number;
}

export interface RateLimits {
  overall: WindowPair;
  read: WindowPair;
}

export interface RateUsage {
  overall: WindowPair;
  read: WindowPair;
}

export const DAY_MS = 24 * 3600 * 1000;

/** Parses "200,2000"; null when absent or malformed. */
export const parsePair = (value: string | null | undefined): WindowPair | null => {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value ?? '');
  return match ? { short: Number(match[1]), long: Number(match[2]) } : null;
};

export interface HeaderReader {
  get(name: string): string | null;
}

/** Limits and usage from a Strava answer's headers (each part null when the header is missing). */
export const readRateHeaders = (
  headers: HeaderReader,
): { limits: Partial<RateLimits>; usage: Partial<RateUsage> } => {
  const overallLimit = parsePair(headers.get('x-ratelimit-limit'));
  const overallUsage = parsePair(headers.get('x-ratelimit-usage'));
  const readLimit = parsePair(headers.get('x-readratelimit-limit'));
  const readUsage = parsePair(headers.get('x-readratelimit-usage'));
  return {
    limits: { ...(overallLimit ? { overall: overallLimit } : {}), ...(readLimit ? { read: readLimit } : {}) },
    usage: { ...(overallUsage ? { overall: overallUsage } : {}), ...(readUsage ? { read: readUsage } : {}) },
  };
};

/** The windows `now` falls in: short windows of `shortWindowMs` aligned to the epoch, days at UTC midnight. */
export const windowsAt = (now: number, shortWindowMs: number) => {
  const shortStart = now - (now % shortWindowMs);
  const longStart = now - (now % DAY_MS);
  return {
    shortStart,
    shortEnd: shortStart + shortWindowMs,
    longStart,
    longEnd: longStart + DAY_MS,
  };
};

/**
 * How long to wait before one more request, given the counts that include it. 0 means go.
 * `reserve` is the share of each limit kept for higher-priority calls (stream fetches pass a
 * reserve so that activity lists still get through when the budget runs low).
 */
export const waitBeforeRequest = (
  counts: RateUsage,
  limits: RateLimits,
  isRead: boolean,
  reserve: number,
  now: number,
  shortWindowMs: number,
): number => {
  const { shortEnd, longEnd } = windowsAt(now, shortWindowMs);
  const allowed = (limit: number) => Math.max(1, Math.floor(limit * (1 - reserve)));
  const pairs: [WindowPair, WindowPair][] = [[counts.overall, limits.overall]];
  if (isRead) pairs.push([counts.read, limits.read]);
  let wait = 0;
  for (const [count, limit] of pairs) {
    if (count.long > allowed(limit.long)) wait = Math.max(wait, longEnd - now);
    else if (count.short > allowed(limit.short)) wait = Math.max(wait, shortEnd - now);
  }
  return wait;
};

/**
 * After a 429: when Strava's usage shows a window spent, wait for that window to reset; otherwise
 * (a 429 the counters do not explain) back off exponentially from 1 s, never past the window's reset.
 */
export const waitAfterTooManyRequests = (
  usage: Partial<RateUsage>,
  limits: RateLimits,
  consecutive: number,
  now: number,
  shortWindowMs: number,
): number => {
  const { shortEnd, longEnd } = windowsAt(now, shortWindowMs);
  const spent = (kind: 'overall' | 'read', window: 'short' | 'long') => {
    const value = usage[kind]?.[window];
    return value !== undefined && value >= limits[kind][window];
  };
  if (spent('overall', 'long') || spent('read', 'long')) return longEnd - now;
  if (spent('overall', 'short') || spent('read', 'short')) return shortEnd - now;
  const backoff = Math.min(1000 * 2 ** Math.max(0, consecutive - 1), 60_000);
  return Math.min(backoff, shortEnd - now);
};

/**
 * Webhook events are not signed, so anyone can send them. The reads they trigger are held to:
 * - at most this share of each window for all webhook reads together (they wait once the window is
 *   this full), so the riders' own syncs and stream fetches keep the rest;
 */
export const WEBHOOK_READ_RESERVE = 0.5;
/** - per athlete and short window, this share of the app's read limit ... */
export const WEBHOOK_ATHLETE_SHARE = 0.05;
/** - ... but never more than this many (a real rider creates or edits a handful of activities per 15 min). */
export const WEBHOOK_ATHLETE_MAX_READS = 10;

/** How many webhook-triggered reads one athlete may cause per short window, given the app's short read limit. */
export const webhookReadCap = (readLimitShort: number): number =>
  Math.min(WEBHOOK_ATHLETE_MAX_READS, Math.max(1, Math.floor(readLimitShort * WEBHOOK_ATHLETE_SHARE)));
