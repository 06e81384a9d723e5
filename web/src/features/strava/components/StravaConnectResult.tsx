import { Alert, CloseButton } from '@chakra-ui/react';
import {
  STRAVA_CONNECT_REASONS,
  type StravaConnectReason,
  type StravaConnectResult as Result,
} from '@domestique/proto/messages';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { STRAVA_SYNC_STATUS_QUERY } from '../graphql/strava.graphql';

const isReason = (value: string | null): value is StravaConnectReason =>
  value !== null && Object.hasOwn(STRAVA_CONNECT_REASONS, value);

/** Said once the first import finished before the banner saw it running. */
export const IMPORT_DONE = 'Your rides are imported.';
export const IMPORT_RUNNING = 'Your rides are being imported. They appear here as they arrive.';

/**
 * What the round trip to Strava ended in (`/dashboard?strava=connected|denied|error&reason=`). After
 * a connection it says the rides are being imported while the first import runs, and goes away when
 * it is done (the Sync Complete toast takes over).
 */
export function StravaConnectResult() {
  const [params, setParams] = useSearchParams();
  const result = params.get('strava') as Result | null;
  const connected = result === 'connected';
  // the import's state, from the same query the sync button polls
  const status = useQuery(STRAVA_SYNC_STATUS_QUERY, { skip: !connected });
  const state = status.data?.stravaSyncStatus.state;
  const [sawRunning, setSawRunning] = useState(false);
  if (state === 'running' && !sawRunning) setSawRunning(true);
  const finished = connected && sawRunning && state !== undefined && state !== 'running';
  const dismiss = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('strava');
          next.delete('reason');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (finished) dismiss();
  }, [finished, dismiss]);
  if (finished || (result !== 'connected' && result !== 'denied' && result !== 'error')) return null;
  const reason = params.get('reason');
  const title =
    result === 'connected'
      ? 'Strava connected'
      : result === 'denied'
        ? 'Strava was not connected'
        : 'Strava could not be connected';
  const description =
    result === 'connected'
      ? state === 'completed' || state === 'idle'
        ? IMPORT_DONE
        : IMPORT_RUNNING
      : isReason(reason)
        ? STRAVA_CONNECT_REASONS[reason]
        : STRAVA_CONNECT_REASONS.exchange;
  return (
    <Alert.Root status={result === 'connected' ? 'success' : 'warning'} rounded="lg" mb="6" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{description}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" alignSelf="flex-start" onClick={dismiss} aria-label="Dismiss" />
    </Alert.Root>
  );
}
