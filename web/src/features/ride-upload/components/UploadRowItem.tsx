import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MdRefresh } from 'react-icons/md';
import { RideLink } from '../../ride-page/ride-link';
import { formatFileSize } from '../upload-rules';
import type { UploadRow, UploadRowState } from '../upload-queue';
import { ArchiveImportStatus } from './ArchiveImportStatus';

interface StatusBadge {
  label: string;
  palette: 'gray' | 'blue' | 'green' | 'orange' | 'red';
}

const percent = (sent: number, total: number): number =>
  total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;

/** The row's badge: what happened to the file, in a word or two. */
export const statusBadge = (state: UploadRowState): StatusBadge => {
  switch (state.kind) {
    case 'refused':
      return { label: 'Not uploaded', palette: 'red' };
    case 'waiting':
      return { label: 'Waiting', palette: 'gray' };
    case 'sending':
      return state.sent >= state.total && state.total > 0
        ? { label: 'Reading', palette: 'blue' }
        : { label: `${percent(state.sent, state.total)}%`, palette: 'blue' };
    case 'failed':
      return { label: 'Failed', palette: 'red' };
    case 'answered':
      switch (state.result.status) {
        case 'imported':
          return { label: 'Imported', palette: 'green' };
        case 'duplicate':
          return { label: 'Duplicate', palette: 'orange' };
        case 'rejected':
          return { label: 'Not imported', palette: 'red' };
        case 'queued':
          if (state.archive?.status === 'done') return { label: 'Archive imported', palette: 'green' };
          if (state.archive?.status === 'failed') return { label: 'Not imported', palette: 'red' };
          return { label: 'Importing', palette: 'blue' };
      }
  }
};

/** Under the name: the progress, the server's words, a link to the ride, or a retry. */
function Detail({ row, onRetry }: { row: UploadRow; onRetry: () => void }): ReactNode {
  const { state } = row;
  switch (state.kind) {
    case 'refused':
      return (
        <Text data-testid="upload-row-message" fontSize="sm" color="fg.error">
          {state.message}
        </Text>
      );
    case 'waiting':
      return (
        <Text fontSize="sm" color="fg.muted">
          Waiting to upload
        </Text>
      );
    case 'sending':
      return (
        <Progress.Root value={percent(state.sent, state.total)} size="sm" colorPalette="brand" py="1.5">
          <Progress.Track aria-label={`Upload of ${row.name}`}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      );
    case 'failed':
      return (
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text data-testid="upload-row-message" fontSize="sm" color="fg.error">
            {state.message}
          </Text>
          <Button size="xs" variant="outline" onClick={onRetry} aria-label={`Retry ${row.name}`}>
            <MdRefresh aria-hidden />
            Retry
          </Button>
        </HStack>
      );
    case 'answered': {
      const { result } = state;
      if (result.status === 'queued') return <ArchiveImportStatus name={row.name} archive={state.archive} />;
      const link =
        result.rideId && (result.status === 'imported' || result.status === 'duplicate') ? (
          <RideLink rideId={result.rideId} fontSize="sm">
            {result.status === 'imported' ? 'View ride' : 'View existing ride'}
          </RideLink>
        ) : null;
      const message =
        result.message ?? (result.status === 'rejected' ? 'This file could not be imported.' : null);
      return (
        <HStack justify="space-between" gap="3" wrap="wrap">
          {message ? (
            <Text
              data-testid="upload-row-message"
              fontSize="sm"
              color={result.status === 'rejected' ? 'fg.error' : 'fg.muted'}
            >
              {message}
            </Text>
          ) : null}
          {link}
        </HStack>
      );
    }
  }
}

/** One file of the upload: its name and size, a status badge, and its progress or result. */
export function UploadRowItem({ row, onRetry }: { row: UploadRow; onRetry: () => void }) {
  const badge = statusBadge(row.state);
  return (
    <Box
      as="li"
      aria-label={row.name}
      data-testid="upload-row"
      data-status={row.state.kind === 'answered' ? row.state.result.status : row.state.kind}
      borderWidth="1px"
      rounded="md"
      px="3"
      py="2"
      bg="bg"
      minW="0"
    >
      <Stack gap="1" minW="0">
        <HStack justify="space-between" align="flex-start" gap="3" minW="0">
          {/* a phone has room for little of a long name on one line: it wraps, on two at most */}
          <HStack gap="2" minW="0" flex="1" align="baseline">
            <Text fontWeight="medium" fontSize="sm" wordBreak="break-all" lineClamp={2} title={row.name}>
              {row.name}
            </Text>
            {row.size !== null ? (
              <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                {formatFileSize(row.size)}
              </Text>
            ) : null}
          </HStack>
          <Badge colorPalette={badge.palette} flexShrink={0} minW="12" justifyContent="center">
            {badge.label}
          </Badge>
        </HStack>
        <Box minH="6" display="flex" flexDirection="column" justifyContent="center">
          <Detail row={row} onRetry={onRetry} />
        </Box>
      </Stack>
    </Box>
  );
}
