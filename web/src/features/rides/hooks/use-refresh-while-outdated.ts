import { useEffect, useRef } from 'react';
import type { Ride } from '../graphql/rides.graphql';

/** How often the rides on screen are asked again while a feedback on them is being rewritten. */
export const OUTDATED_FEEDBACK_POLL_MS = 5000;

export const hasOutdatedFeedback = (rides: readonly Ride[]): boolean =>
  rides.some((ride) => ride.aiFeedback?.outdated === true);

/**
 * While any ride shown has feedback written on numbers that changed since (the rewrite is queued),
 * calls `refresh` every few seconds, and stops once every feedback shown is up to date.
 */
export function useRefreshWhileOutdated(rides: readonly Ride[], refresh: () => unknown) {
  const outdated = hasOutdatedFeedback(rides);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    if (!outdated) return undefined;
    // a failed ask is simply tried again at the next tick
    const ask = () =>
      void Promise.resolve()
        .then(latest.current)
        .catch(() => undefined);
    const timer = window.setInterval(ask, OUTDATED_FEEDBACK_POLL_MS);
    return () => window.clearInterval(timer);
  }, [outdated]);
}
