import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { MdSync } from 'react-icons/md';
import type { StreamsProgressView, SyncProgressView } from '../hooks/use-strava-sync';

/**
 * Imported counts of a running import, as the progress bar's label says them. The server keeps the
 * total at least the imported count and equal to it once done, so the count adds up to the toast's.
 */
export const describeProgress = (progress: SyncProgressView): string => {
  const rides = `${progress.imported} ${progress.imported === 1 ? 'ride' : 'rides'}`;
  if (progress.total !== null && progress.total > 0)
    return `Imported ${Math.min(progress.imported, progress.total)} of ${progress.total} rides`;
  return `Imported ${rides} (${progress.scanned} activities checked)`;
};

/** The fetch of the rides' detailed data (streams), counted apart from the import. */
export const describeStreams = (streams: StreamsProgressView): string =>
  `Detailed data for ${streams.fetched} of ${streams.total} ${streams.total === 1 ? 'ride' : 'rides'}; newest first`;

interface SyncButtonProps {
  syncing: boolean;
  progress: SyncProgressView | null;
  /** rides still waiting for their detailed data; null when none */
  streams?: StreamsProgressView | null;
  onSync: () => void;
}

/**
 * The Sync button ("Syncing..." while it runs), during a long import its progress bar with counts,
 * and while rides still wait for their detailed data, how many have it.
 */
export function SyncButton({ syncing, progress, streams = null, onSync }: SyncButtonProps) {
  const value =
    progress && progress.total ? Math.min(100, Math.round((progress.imported / progress.total) * 100)) : null;
  return (
    <Stack gap="2" align={{ base: 'stretch', sm: 'flex-end' }} minW={{ sm: '64' }}>
      <HStack justify={{ base: 'stretch', sm: 'flex-end' }}>
        <Button
          onClick={onSync}
          loading={syncing}
          loadingText="Syncing..."
          variant="outline"
          colorPalette="brand"
          width={{ base: 'full', sm: 'auto' }}
        >
          <MdSync aria-hidden />
          Sync Rides
        </Button>
      </HStack>
      {syncing && progress ? (
        <Box width="full">
          <Progress.Root value={value} size="sm" colorPalette="brand">
            {/* Chakra gives the progressbar role to the track: the name goes there */}
            <Progress.Track aria-label="Import progress">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" color="fg.muted" mt="1" role="status" aria-live="polite">
            {describeProgress(progress)}
          </Text>
        </Box>
      ) : null}
      {streams ? (
        <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite" data-testid="streams-progress">
          {describeStreams(streams)}
        </Text>
      ) : null}
    </Stack>
  );
}
