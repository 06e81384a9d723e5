import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FaLock } from 'react-icons/fa';
import { Link as RouterLink } from 'react-router';

/**
 * What a free rider sees in place of a Pro section: a blurred outline of it under a lock, what it
 * holds, and the upgrade button (spec sections 2 and 6, as the dashboard's Performance Trends).
 */
export function ProLockedPanel({ title, text }: { title: string; text: string }) {
  return (
    <Box position="relative" minH="64" rounded="lg" overflow="hidden">
      <Box aria-hidden filter="blur(4px)" opacity={0.5} p="4">
        <Skeleton height="48" rounded="lg" />
      </Box>
      <Stack
        position="absolute"
        inset="0"
        align="center"
        justify="center"
        textAlign="center"
        gap="3"
        bg="whiteAlpha.700"
        px="6"
      >
        <Box as={FaLock} boxSize="6" color="asphalt.700" aria-hidden />
        <Text fontWeight="semibold">{title}</Text>
        <Text color="fg.muted" maxW="md">
          {text}
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/subscribe">Upgrade to Pro</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
