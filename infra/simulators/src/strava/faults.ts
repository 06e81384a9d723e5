// Fault injection and request counters for tests: 429 storms, 5xx bursts, a fixed latency.

export interface Faults {
  /** The next N API requests answer 429. */
  rateLimitStorm: number;
  /** The next N API requests answer `serverErrorStatus`. */
  serverErrors: number;
  serverErrorStatus: number;
  /** Added to every API and token answer. */
  latencyMs: number;
}

export interface Counters {
  /** GET /athlete/activities requests received. */
  listCalls: number;
  /** GET /activities/{id} requests received. */
  activityCalls: number;
  /** GET /activities/{id}/streams requests received. */
  streamCalls: number;
  /** GET /athlete requests received. */
  athleteCalls: number;
  /** POST /oauth/token requests received (both grants). */
  tokenCalls: number;
  refreshCalls: number;
  deauthorizeCalls: number;
  /** 429 answers (storms and real limits). */
  rateLimited: number;
  /** Injected 5xx answers. */
  serverErrors: number;
  /** 401 answers of the API. */
  unauthorized: number;
}

export const emptyCounters = (): Counters => ({
  listCalls: 0,
  activityCalls: 0,
  streamCalls: 0,
  athleteCalls: 0,
  tokenCalls: 0,
  refreshCalls: 0,
  deauthorizeCalls: 0,
  rateLimited: 0,
  serverErrors: 0,
  unauthorized: 0,
});

export const noFaults = (): Faults => ({
  rateLimitStorm: 0,
  serverErrors: 0,
  serverErrorStatus: 503,
  latencyMs: 0,
});

/** Takes the next injected failure, if any (a storm first, then a 5xx burst). */
export const takeFault = (faults: Faults): 'rate-limit' | 'server-error' | null => {
  if (faults.rateLimitStorm > 0) {
    faults.rateLimitStorm -= 1;
    return 'rate-limit';
  }
  if (faults.serverErrors > 0) {
    faults.serverErrors -= 1;
    return 'server-error';
  }
  return null;
};

/** A whole number of requests or milliseconds, or a RangeError naming the value. */
export const checkCount = (value: unknown, name: string, max = 1_000_000): number => {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > max)
    throw new RangeError(`${name} must be an integer between 0 and ${max}`);
  return value as number;
};
