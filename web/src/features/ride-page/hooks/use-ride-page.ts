import type { RideDetailDto, RideStreamsDto } from '@domestique/proto';
import { useCallback, useEffect, useState } from 'react';
import { useResource } from '../../../app/rest/use-resource';
import { ridePageApi, type StreamResolution } from '../api/ride-page-api';

/** How often (ms) the page asks again while the ride's streams are still being fetched from Strava; a seam for tests. */
export const pendingPoll = { ms: 4000 };

/**
 * The ride page's data: the ride's detail and its streams reduced for display, asked at once; while
 * Strava's streams are still on their way (`streamsPending`) the detail is asked again every few
 * seconds, and the streams again once they arrived. `needFullResolution` loads every sample (a zoomed range's averages).
 */
export function useRidePage(rideId: string) {
  // both at once: the streams do not wait for the detail's answer
  const detail = useResource<RideDetailDto>(rideId, (signal) => ridePageApi.detail(rideId, signal));
  const display = useResource<RideStreamsDto>(rideId, (signal) =>
    ridePageApi.streams(rideId, 'display', signal),
  );
  const detailPending = detail.value.state === 'ready' && detail.value.data.streamsPending;
  const streamsPending = display.value.state === 'ready' && display.value.data.pending;
  const [wantFull, setWantFull] = useState(false);
  const fullNeeded = wantFull && display.value.state === 'ready' && !display.value.data.full;
  const full = useResource<RideStreamsDto>(fullNeeded ? `${rideId}:full` : null, (signal) =>
    ridePageApi.streams(rideId, 'full' satisfies StreamResolution, signal),
  );

  const { setValue: setDetail } = detail;
  const { retry: reloadStreams } = display;
  useEffect(() => {
    if (!detailPending && !streamsPending) return undefined;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      ridePageApi.detail(rideId, controller.signal).then(
        (data) => {
          if (data.streamsPending) return;
          setDetail({ state: 'ready', data });
          if (streamsPending) reloadStreams();
        },
        () => undefined, // a failed poll is retried by the next one
      );
    }, pendingPoll.ms);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [detailPending, streamsPending, rideId, setDetail, reloadStreams]);

  const displayStreams = display.value.state === 'ready' ? display.value.data : null;
  const fullStreams = full.value.state === 'ready' ? full.value.data : null;
  const { retry: reloadDetail } = detail;
  return {
    detail: detail.value,
    retryDetail: useCallback(() => {
      reloadDetail();
      reloadStreams();
    }, [reloadDetail, reloadStreams]),
    /** the streams to draw (their `pending` says they are not fetched from Strava yet) */
    streams: display.value,
    retryStreams: reloadStreams,
    /** every sample, once asked for and loaded (or the display streams, when they already are every sample) */
    fullStreams: displayStreams?.full ? displayStreams : fullStreams,
    needFullResolution: useCallback(() => setWantFull(true), []),
  };
}
