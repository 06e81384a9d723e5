import { Button, CloseButton, Drawer, HStack, Portal, Separator, Stack } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { MdLogout, MdMenu, MdRocketLaunch } from 'react-icons/md';
import { Link as RouterLink, useLocation } from 'react-router';
import { NAV_ICONS } from './nav-icons';
import { ACCOUNT_LINKS, NAV_LINKS, isNavLinkActive, type NavLink } from './nav-links';
import { UserAvatar } from './UserAvatar';
import { UserSummary } from './UserSummary';
import { showsUpgrade, type NavUser } from './user-display';

interface MobileNavDrawerProps {
  user: NavUser;
  signingOut: boolean;
  onSignOut: () => void;
  onUpgrade: () => void;
}

/** A link's icon (nav-icons.ts). */
const iconOf = (link: NavLink): ReactNode => {
  const Icon = NAV_ICONS[link.page];
  return <Icon aria-hidden />;
};

function DrawerLink({
  to,
  icon,
  active = false,
  children,
  onNavigate,
}: {
  to: string;
  icon: ReactNode;
  active?: boolean;
  children: ReactNode;
  onNavigate: () => void;
}) {
  return (
    <Button
      asChild
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      justifyContent="flex-start"
      size="lg"
      px="3"
      fontWeight="medium"
    >
      <RouterLink to={to} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
        {icon}
        {children}
      </RouterLink>
    </Button>
  );
}

/**
 * The mobile menu: a drawer that slides in from the right, 72 units wide, with the tier badge,
 * avatar, full name and email, the six pages of the top navigation (the active one marked) and the
 * account items. It closes on navigation, on Upgrade to Pro and on Sign out; it is a dialog, so
 * the keyboard stays inside it and Escape closes it.
 */
export function MobileNavDrawer({ user, signingOut, onSignOut, onUpgrade }: MobileNavDrawerProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);

  // Any navigation closes it, also the browser's back and forward buttons.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end">
      <Drawer.Trigger asChild>
        <Button aria-label="Open menu" variant="outline" size="sm" disabled={signingOut}>
          <MdMenu aria-hidden />
          Menu
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w="72" maxW="72" data-testid="mobile-nav-drawer">
            <Drawer.Header borderBottomWidth="1px" borderColor="border" pb="4">
              <HStack gap="3" align="center" minW="0" pe="8">
                <UserAvatar user={user} size="md" />
                <UserSummary
                  user={user}
                  renderName={(name) => (
                    <Drawer.Title fontSize="md" truncate>
                      {name}
                    </Drawer.Title>
                  )}
                />
              </HStack>
            </Drawer.Header>
            <Drawer.Body px="3" py="4">
              <Stack as="nav" aria-label="Main" gap="1">
                {NAV_LINKS.map((link) => {
                  const active = isNavLinkActive(link.to, pathname);
                  return (
                    <DrawerLink
                      key={link.to}
                      to={link.to}
                      icon={iconOf(link)}
                      active={active}
                      onNavigate={close}
                    >
                      {link.label}
                    </DrawerLink>
                  );
                })}
              </Stack>
              <Separator my="3" />
              <Stack as="nav" aria-label="Account" gap="1">
                {ACCOUNT_LINKS.map((link) => (
                  <DrawerLink key={link.to} to={link.to} icon={iconOf(link)} onNavigate={close}>
                    {link.label}
                  </DrawerLink>
                ))}
                {showsUpgrade(user.subscriptionTier) ? (
                  <Button
                    colorPalette="brand"
                    justifyContent="flex-start"
                    size="lg"
                    px="3"
                    mt="2"
                    onClick={() => {
                      close();
                      onUpgrade();
                    }}
                  >
                    <MdRocketLaunch aria-hidden />
                    Upgrade to Pro
                  </Button>
                ) : null}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer borderTopWidth="1px" borderColor="border" px="3">
              <Button
                variant="ghost"
                justifyContent="flex-start"
                size="lg"
                px="3"
                w="full"
                loading={signingOut}
                loadingText="Signing out..."
                onClick={() => {
                  close();
                  onSignOut();
                }}
              >
                <MdLogout aria-hidden />
                Sign out
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
