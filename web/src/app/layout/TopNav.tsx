import { Box, Button, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { MdRocketLaunch } from 'react-icons/md';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../session/session-context';
import { BrandMark } from './BrandMark';
import { MobileNavDrawer } from './MobileNavDrawer';
import { NAV_LINKS, isNavLinkActive } from './nav-links';
import { useNavActions } from './use-nav-actions';
import { UserMenu } from './UserMenu';
import { showsUpgrade } from './user-display';

/** The upgrade modal (the plan chooser) is loaded the first time it opens. */
const PlanChooserDialog = lazy(() =>
  import('../../features/subscribe/components/PlanChooserDialog').then((m) => ({
    default: m.PlanChooserDialog,
  })),
);

/** From this breakpoint the six links and the user menu fit in the bar; below it the drawer has them. */
const WIDE = 'lg';

/**
 * The top navigation of every signed-in screen (spec section 2): the six links with the active one
 * highlighted and the user menu (and Upgrade to Pro for free riders) on wide screens; on narrower
 * ones a Menu button that opens the drawer, which holds the six links and the account items.
 * Nothing sits off-screen in a strip that scrolls (screens.e2e.ts checks 375 to 1280 px).
 */
export function TopNav() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const { signingOut, signOut, upgrade, openUpgradeModal, upgradeOpen, setUpgradeOpen } = useNavActions();

  return (
    <Box
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      borderColor="border"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex align="center" gap="6" minH="16">
          <Link asChild _hover={{ textDecoration: 'none' }} rounded="md" flexShrink={0}>
            <RouterLink to="/" aria-label="Domestique home">
              <BrandMark />
            </RouterLink>
          </Link>

          <Box as="nav" aria-label="Main" hideBelow={WIDE} flex="1" minW="0">
            <HStack as="ul" listStyleType="none" gap="1" m="0" p="0">
              {NAV_LINKS.map((link) => {
                const active = isNavLinkActive(link.to, pathname);
                return (
                  <Box as="li" key={link.to} flexShrink={0}>
                    <Link
                      asChild
                      px="3"
                      py="2"
                      rounded="md"
                      fontWeight="medium"
                      whiteSpace="nowrap"
                      color={active ? 'brand.fg' : 'fg.muted'}
                      bg={active ? 'brand.subtle' : 'transparent'}
                      _hover={{
                        textDecoration: 'none',
                        color: active ? 'brand.fg' : 'fg',
                        bg: active ? 'brand.muted' : 'bg.muted',
                      }}
                    >
                      <RouterLink to={link.to} aria-current={active ? 'page' : undefined}>
                        {link.label}
                      </RouterLink>
                    </Link>
                  </Box>
                );
              })}
            </HStack>
          </Box>

          {user ? (
            <HStack ms="auto" gap="2" flexShrink={0}>
              {showsUpgrade(user.subscriptionTier) ? (
                <Button hideBelow={WIDE} size="sm" colorPalette="brand" onClick={openUpgradeModal}>
                  <MdRocketLaunch aria-hidden />
                  Upgrade to Pro
                </Button>
              ) : null}
              <Box hideBelow={WIDE}>
                <UserMenu user={user} signingOut={signingOut} onSignOut={signOut} onUpgrade={upgrade} />
              </Box>
              <Box hideFrom={WIDE}>
                <MobileNavDrawer
                  user={user}
                  signingOut={signingOut}
                  onSignOut={signOut}
                  onUpgrade={upgrade}
                />
              </Box>
            </HStack>
          ) : null}
        </Flex>
      </Container>
      {upgradeOpen ? (
        <Suspense fallback={null}>
          <PlanChooserDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
        </Suspense>
      ) : null}
    </Box>
  );
}
