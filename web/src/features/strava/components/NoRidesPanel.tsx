import { EmptyState, VStack } from '@chakra-ui/react';
import { MdDirectionsBike } from 'react-icons/md';
import { ConnectStravaButton } from './ConnectStravaButton';

/**
 * "No rides yet" (spec section 2): without Strava, a Connect button; with Strava connected, a
 * pointer to the Sync button (the first import may still be running).
 */
export function NoRidesPanel({ connected }: { connected: boolean }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <MdDirectionsBike />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">No rides yet</EmptyState.Title>
          <EmptyState.Description>
            {connected
              ? 'Your Strava account is connected. Sync to import your rides; new ones arrive automatically.'
              : 'Upload your ride files above, or connect Strava to import your rides and get AI feedback on every one.'}
          </EmptyState.Description>
        </VStack>
        {connected ? null : <ConnectStravaButton />}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
