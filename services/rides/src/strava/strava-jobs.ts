import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { RideMessages } from '@domestique/proto';
import { StravaRateLimitedError, StravaUnavailableError } from './strava.errors.js';
import { StravaAccessRevokedError } from './strava-tokens.service.js';

/**
 * Runs a job step that talks to Strava. When the shared rate limit is spent the job goes back to
 * the delayed set until the window resets (no attempt used up, its progress kept); when access
 * was revoked retrying cannot help.
 */
export const runStravaStep = async <T>(job: Job, step: () => Promise<T>): Promise<T> => {
  try {
    return await step();
  } catch (error) {
    if (error instanceof StravaRateLimitedError) {
      await job.moveToDelayed(Date.now() + error.retryAfterMs, job.token);
      throw new DelayedError(error.message);
    }
    if (error instanceof StravaAccessRevokedError)
      throw new UnrecoverableError(RideMessages.stravaAccessRevoked);
    // retried with the job's backoff; the message is what the rider sees if every attempt fails
    if (error instanceof StravaUnavailableError)
      throw new Error(RideMessages.stravaUnavailable, { cause: error });
    throw error;
  }
};

/** Messages a failed sync may show the rider as they are; anything else shows the generic one. */
export const SAFE_FAILURE_MESSAGES: readonly string[] = [
  RideMessages.stravaAccessRevoked,
  RideMessages.stravaNotConnected,
  RideMessages.stravaUnavailable,
];
