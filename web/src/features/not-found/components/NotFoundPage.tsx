import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PublicShell } from '../../../app/layout/PublicShell';

/** The last fallback of the route table. */
export function NotFoundPage() {
  return (
    <PublicShell>
      <Center px="4" py={{ base: '16', md: '24' }}>
        <Stack gap="4" align="center" textAlign="center" maxW="md">
          <Heading as="h1" size="3xl" color="asphalt.900">
            404 Page Not Found
          </Heading>
          <Text color="fg.muted">The page you were looking for does not exist or has moved.</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/">Go home</RouterLink>
          </Button>
        </Stack>
      </Center>
    </PublicShell>
  );
}
