import { HStack, Icon, Spinner, Stack, Text } from '@chakra-ui/react';
import { MdCheckCircle } from 'react-icons/md';
import type { DeletionProgress } from '../hooks/use-admin-dashboard';

/** Where the deletions this admin started stand: waiting for some services, or complete everywhere. */
export function DeletionProgressList({ deletions }: { deletions: DeletionProgress[] }) {
  if (deletions.length === 0) return null;
  return (
    <Stack gap="1" role="status" aria-label="Deletions" borderWidth="1px" rounded="md" p="3" bg="bg">
      {deletions.map(({ email, deletion }) => (
        <HStack key={deletion.userId} gap="2" fontSize="sm">
          {deletion.status === 'complete' ? (
            <>
              <Icon as={MdCheckCircle} color="green.solid" aria-hidden />
              <Text>{email} has been removed from every service.</Text>
            </>
          ) : (
            <>
              <Spinner size="xs" aria-hidden />
              <Text>
                Deleting {email}: waiting for {deletion.pendingServices.join(', ')}.
              </Text>
            </>
          )}
        </HStack>
      ))}
    </Stack>
  );
}
