import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { MdExpandMore, MdLogout, MdRocketLaunch } from 'react-icons/md';
import { useNavigate } from 'react-router';
import { NAV_ICONS } from './nav-icons';
import { ACCOUNT_LINKS } from './nav-links';
import { UserAvatar } from './UserAvatar';
import { UserSummary } from './UserSummary';
import { menuLabel, showsUpgrade, type NavUser } from './user-display';

interface UserMenuProps {
  user: NavUser;
  signingOut: boolean;
  onSignOut: () => void;
  onUpgrade: () => void;
}

/** The desktop user menu: the account links (routes.ts), Upgrade to Pro (free only), Sign out. */
export function UserMenu({ user, signingOut, onSignOut, onUpgrade }: UserMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="2" disabled={signingOut} maxW="64">
          <UserAvatar user={user} size="xs" />
          <Text as="span" truncate>
            {signingOut ? 'Signing out...' : menuLabel(user)}
          </Text>
          <MdExpandMore aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="2" py="2">
              <UserSummary user={user} />
            </Box>
            <Menu.Separator />
            {ACCOUNT_LINKS.map((link) => {
              const Icon = NAV_ICONS[link.page];
              return (
                <Menu.Item key={link.page} value={link.page} onSelect={() => void navigate(link.to)}>
                  <Icon aria-hidden />
                  {link.label}
                </Menu.Item>
              );
            })}
            {showsUpgrade(user.subscriptionTier) ? (
              <Menu.Item value="upgrade" onSelect={onUpgrade} color="brand.fg" fontWeight="semibold">
                <MdRocketLaunch aria-hidden />
                Upgrade to Pro
              </Menu.Item>
            ) : null}
            <Menu.Separator />
            <Menu.Item value="sign-out" onSelect={onSignOut}>
              <MdLogout aria-hidden />
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
