import { Badge, Card, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { SiStrava } from 'react-icons/si';
import { formatLongDate } from '../../../app/format';
import { useStravaConnection } from '../hooks/use-strava-connection';
import { ConnectStravaButton } from './ConnectStravaButton';
import { DisconnectStravaDialog } from './DisconnectStravaDialog';

/** Profile's Connected Services card (spec section 2): Strava, Connected or Not connected. */
export function ConnectedServicesCard() {
  const { loading, connected, connectedAt, disconnect, disconnecting } = useStravaConnection();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Connected Services</Card.Title>
        <Card.Description>Import your rides from the services you record them with.</Card.Description>
      </Card.Header>
      <Card.Body>
        <HStack justify="space-between" align="center" gap="4" wrap="wrap">
          <HStack gap="3">
            <Icon as={SiStrava} boxSize="8" color="#FC4C02" aria-hidden />
            <Stack gap="0.5">
              <Text fontWeight="semibold">Strava</Text>
              {loading ? (
                <Skeleton height="4" width="24" />
              ) : (
                <HStack gap="2">
                  <Badge colorPalette={connected ? 'green' : 'gray'} variant="subtle">
                    {connected ? 'Connected' : 'Not connected'}
                  </Badge>
                  {connected && connectedAt ? (
                    <Text fontSize="sm" color="fg.muted">
                      since {formatLongDate(connectedAt)}
                    </Text>
                  ) : null}
                </HStack>
              )}
            </Stack>
          </HStack>
          {loading ? null : connected ? (
            <DisconnectStravaDialog disconnecting={disconnecting} onConfirm={disconnect} />
          ) : (
            <ConnectStravaButton size="sm" />
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
