import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { RideMessages } from '@domestique/proto/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../app/toaster';
import { errorMessage } from '../../../app/error-message';
import { STRAVA_SYNC_STATUS_QUERY, SYNC_STRAVA_MUTATION } from '../graphql/strava.graphql';
import { refetchRideData } from './refetch-ride-data';

/** How often the progress of a background import is read. */
export const SYNC_POLL_MS = 1000;
/** How often the progress of stream fetching is read once the import is done. */
export const STREAMS_POLL_MS = 5000;

export interface SyncProgressView {
  imported: number;
  scanned: number;
  total: number | null;
}

/** How many of the rider's rides have their detailed data (streams), while some are still to come. */
export interface StreamsProgressView {
  fetched: number;
  total: number;
}

/**
 * The Sync button's state (spec section 4: idle, "Syncing...", then done or failed). A sync that
 * finishes within the server's wait answers at once; a long import (the first one after connecting)
 * continues in the background and its progress is polled until it ends. Either way the rides and
 * stats on screen refresh and a toast says how it went, with the same count the progress showed.
 * Apart from the import, the fetch of the rides' detailed data (newest first) is followed while
 * rides still lack it.
 */
export function useStravaSync() {
  const client = useApolloClient();
  const [starting, setStarting] = useState(false);
  const [watching, setWatching] = useState(false);
  const [runSync] = useMutation(SYNC_STRAVA_MUTATION);
  const status = useQuery(STRAVA_SYNC_STATUS_QUERY, {
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
  });
  const { startPolling, stopPolling, refetch: refetchStatus } = status;
  const seenRunning = useRef(false);
  const state = status.data?.stravaSyncStatus.state;

  // A sync already running when the screen opens (e.g. the first import after connecting): follow it.
  useEffect(() => {
    if (state === 'running' && !watching) {
      seenRunning.current = true;
      setWatching(true);
    }
  }, [state, watching]);

  const streamsPending =
    status.data !== undefined &&
    status.data.stravaSyncStatus.streamsFetched < status.data.stravaSyncStatus.streamsTotal;
  useEffect(() => {
    if (!watching && !streamsPending) return undefined;
    startPolling(watching ? SYNC_POLL_MS : STREAMS_POLL_MS);
    return () => stopPolling();
  }, [watching, streamsPending, startPolling, stopPolling]);

  useEffect(() => {
    if (!watching || !status.data) return;
    const current = status.data.stravaSyncStatus;
    if (current.state === 'running') {
      seenRunning.current = true;
      return;
    }
    if (!seenRunning.current) return;
    seenRunning.current = false;
    setWatching(false);
    // toasts render through flushSync: leave the effect before showing one
    queueMicrotask(() => {
      if (current.state === 'completed')
        toast.success(
          'Sync Complete',
          current.imported > 0 ? RideMessages.syncedRides(current.imported) : RideMessages.upToDate,
        );
      else if (current.state === 'failed')
        toast.error('Sync Failed', current.message || RideMessages.syncFailed);
      void refetchRideData(client);
    });
  }, [watching, status.data, client]);

  const sync = useCallback(async () => {
    setStarting(true);
    try {
      const { data } = await runSync();
      const result = data?.syncStrava;
      if (!result) throw new Error(RideMessages.syncFailed);
      if (result.status === 'completed') {
        toast.success('Sync Complete', result.message);
        await refetchRideData(client);
      } else {
        // read the live state first, so an earlier run's "completed" is never taken for this one's
        await refetchStatus();
        seenRunning.current = true;
        setWatching(true);
        void refetchRideData(client);
      }
    } catch (error) {
      toast.error('Sync Failed', errorMessage(error, RideMessages.syncFailed));
    } finally {
      setStarting(false);
    }
  }, [runSync, client, refetchStatus]);

  const current = status.data?.stravaSyncStatus;
  const progress: SyncProgressView | null =
    watching && current
      ? { imported: current.imported, scanned: current.scanned, total: current.total }
      : null;
  const streams: StreamsProgressView | null =
    current && streamsPending ? { fetched: current.streamsFetched, total: current.streamsTotal } : null;
  return { syncing: starting || watching, progress, streams, sync };
}
