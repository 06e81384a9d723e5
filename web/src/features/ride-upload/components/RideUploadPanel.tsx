import { Box, Button, Flex, Heading, HStack, Icon, Stack, Text, chakra } from '@chakra-ui/react';
import { useRef, useState, type DragEvent } from 'react';
import { MdUploadFile } from 'react-icons/md';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { isSettled, type UploadQueue } from '../upload-queue';
import { UPLOAD_ACCEPT } from '../upload-rules';
import { UploadRowItem } from './UploadRowItem';

/** What the drop zone says before any file is given. */
export const UPLOAD_HINT =
  'Drop FIT, GPX or TCX files here (also gzipped, up to 50 MB each), or your Strava archive (.zip).';
export const DROP_HINT = 'Drop the files to upload them.';

const hasFiles = (event: DragEvent): boolean => [...event.dataTransfer.types].includes('Files');

/**
 * "Upload files" on the rides page (issue 21): a drop zone with a file picker button, then one row
 * per file with its own progress and result. An archive's import is followed in its row.
 */
export function RideUploadPanel({ queue }: { queue?: UploadQueue }) {
  const { rows, add, retry, clearSettled } = useUploadQueue(queue);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const settled = rows.filter((row) => isSettled(row.state)).length;

  return (
    <Box
      as="section"
      aria-labelledby="ride-upload-heading"
      mb="6"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'brand.solid' : 'border'}
      bg={dragging ? 'brand.subtle' : 'bg'}
      rounded="xl"
      px={{ base: '4', md: '6' }}
      py="4"
      transition="background 0.15s, border-color 0.15s"
      data-testid="ride-upload-dropzone"
      data-dragging={dragging || undefined}
      onDragEnter={(event) => {
        if (hasFiles(event)) setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        add(event.dataTransfer.files);
      }}
    >
      <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap="4">
        <HStack gap="3" flex="1" align="flex-start" minW="0">
          <Icon as={MdUploadFile} boxSize="8" color="brand.fg" flexShrink={0} aria-hidden />
          <Stack gap="0.5" minW="0">
            <Heading as="h2" size="md" id="ride-upload-heading">
              Upload ride files
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {dragging ? DROP_HINT : UPLOAD_HINT}
            </Text>
          </Stack>
        </HStack>
        <Button
          colorPalette="brand"
          onClick={() => input.current?.click()}
          width={{ base: 'full', sm: 'auto' }}
          flexShrink={0}
        >
          Upload files
        </Button>
        <chakra.input
          ref={input}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          display="none"
          aria-label="Ride files to upload"
          data-testid="ride-upload-input"
          onChange={(event) => {
            const picked = event.currentTarget.files;
            if (picked) add([...picked]);
            // the same file can be picked again (after a retry or a fix)
            event.currentTarget.value = '';
          }}
        />
      </Flex>
      {rows.length > 0 ? (
        <Stack gap="2" mt="4">
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Uploads">
            {rows.map((row) => (
              <UploadRowItem key={row.key} row={row} onRetry={() => retry(row.key)} />
            ))}
          </Stack>
          {settled > 0 ? (
            <Button size="xs" variant="ghost" alignSelf="flex-end" onClick={clearSettled}>
              Clear finished
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
