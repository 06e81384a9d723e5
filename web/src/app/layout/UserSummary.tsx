import { Box, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TierBadge } from './TierBadge';
import { displayName, type NavUser } from './user-display';

/** Full name, email and tier badge, as the user menu and the drawer show them. */
export function UserSummary({
  user,
  renderName,
}: {
  user: NavUser;
  renderName?: (name: string) => ReactNode;
}) {
  const name = displayName(user);
  return (
    <Stack gap="1" minW="0">
      {renderName ? (
        renderName(name)
      ) : (
        <Text fontWeight="semibold" truncate>
          {name}
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted" truncate>
        {user.email}
      </Text>
      <Box>
        <TierBadge tier={user.subscriptionTier} />
      </Box>
    </Stack>
  );
}
