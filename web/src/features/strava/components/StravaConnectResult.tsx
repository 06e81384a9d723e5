import { Alert, CloseButton } from '@chakra-ui/react';
import {
  STRAVA_CONNECT_REASONS,
  type StravaConnectReason,
  type StravaConnectResult as Result,
} from '@domestique/proto/messages';
import { useSearchParams } from 'react-router';

const isReason = (value: string | null): value is StravaConnectReason =>
  value !== null && Object.hasOwn(STRAVA_CONNECT_REASONS, value);

/** What the round trip to Strava ended in (`/dashboard?strava=connected|denied|error&reason=`). */
export function StravaConnectResult() {
  const [params, setParams] = useSearchParams();
  const result = params.get('strava') as Result | null;
  if (result !== 'connected' && result !== 'denied' && result !== 'error') return null;
  const reason = params.get('reason');
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('strava');
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  const title =
    result === 'connected'
      ? 'Strava connected'
      : result === 'denied'
        ? 'Strava was not connected'
        : 'Strava could not be connected';
  const description =
    result === 'connected'
      ? 'Your rides are being imported. They appear here as they arrive.'
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
