/** What talking to Strava can end in. The sync and webhook jobs decide from these what to do. */
export class StravaError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The shared budget is spent (or Strava said 429): try again after `retryAfterMs`. */
export class StravaRateLimitedError extends StravaError {
  constructor(readonly retryAfterMs: number) {
    super(`Strava rate limit: retry in ${Math.ceil(retryAfterMs / 1000)} s`, 429);
  }
}

/** 401: the token is invalid or access was revoked. */
export class StravaUnauthorizedError extends StravaError {}

/** 404: the activity (or athlete) does not exist, or is not visible with this token. */
export class StravaNotFoundError extends StravaError {}

/** 5xx, a timeout or a network failure: worth retrying later. */
export class StravaUnavailableError extends StravaError {}

/** Any other 4xx: retrying will not help. */
export class StravaRequestError extends StravaError {}
