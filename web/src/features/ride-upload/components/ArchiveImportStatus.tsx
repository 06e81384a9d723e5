import { Box, Collapsible, List, Progress, Stack, Text } from '@chakra-ui/react';
import type { ArchiveImportDto } from '@domestique/proto';
import { archiveProgressValue, describeArchiveProgress, describeArchiveSummary } from '../archive-progress';

/** The archive's entries that were not imported, with the reason for each. */
function NotImported({ archive }: { archive: ArchiveImportDto }) {
  const refused = archive.results.filter((result) => result.status === 'rejected');
  if (refused.length === 0) return null;
  return (
    <Collapsible.Root>
      <Collapsible.Trigger fontSize="sm" color="brand.fg" fontWeight="medium" cursor="pointer">
        Show the {refused.length === 1 ? 'file' : `${refused.length.toLocaleString('en-US')} files`} not
        imported
      </Collapsible.Trigger>
      <Collapsible.Content>
        <List.Root fontSize="sm" mt="2" gap="1" ps="4" maxH="48" overflowY="auto">
          {refused.map((result, index) => (
            <List.Item key={`${result.file}-${index}`} overflowWrap="anywhere">
              <Text as="span" fontWeight="medium">
                {result.file}
              </Text>
              {result.message ? `: ${result.message}` : null}
            </List.Item>
          ))}
        </List.Root>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/**
 * An archive import as the Strava sync shows its own: a progress bar with the counts while it runs
 * ("Importing archive: 120 of 1,000 activities"), then what it brought.
 */
export function ArchiveImportStatus({ name, archive }: { name: string; archive: ArchiveImportDto | null }) {
  if (archive?.status === 'failed')
    return (
      <Text fontSize="sm" color="fg.error" role="alert">
        {archive.message ?? 'The archive could not be imported.'}
      </Text>
    );
  if (archive?.status === 'done')
    return (
      <Stack gap="1">
        <Text fontSize="sm" role="status" data-testid="archive-summary">
          {describeArchiveSummary(archive)}
        </Text>
        <NotImported archive={archive} />
      </Stack>
    );
  return (
    <Box width="full">
      <Progress.Root value={archiveProgressValue(archive)} size="sm" colorPalette="brand">
        <Progress.Track aria-label={`Import of ${name}`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" mt="1" role="status" aria-live="polite">
        {describeArchiveProgress(archive)}
      </Text>
    </Box>
  );
}
