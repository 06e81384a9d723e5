import { Box, Button, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { useState } from 'react';
import { MdLogout } from 'react-icons/md';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../session/session-context';
import { BrandMark } from './BrandMark';
import { NAV_LINKS, isNavLinkActive } from './nav-links';

/**
 * The top navigation of every signed-in screen. The user menu, the mobile drawer and the avatar
 * come in a later issue; for now Sign out sits on the right.
 */
export function TopNav() {
  const { pathname } = useLocation();
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = () => {
    setSigningOut(true);
    void signOut();
  };

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
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Flex
          align="center"
          columnGap={{ base: '2', md: '6' }}
          rowGap="2"
          minH="16"
          pt={{ base: '3', md: '0' }}
          wrap={{ base: 'wrap', md: 'nowrap' }}
        >
          <Link asChild _hover={{ textDecoration: 'none' }} rounded="md">
            <RouterLink to="/" aria-label="Domestique home">
              <BrandMark />
            </RouterLink>
          </Link>

          <Box
            as="nav"
            aria-label="Main"
            order={{ base: 3, md: 2 }}
            flex="1"
            minW={{ base: 'full', md: '0' }}
            overflowX="auto"
            pb={{ base: '2', md: '0' }}
          >
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

          <Box order={{ base: 2, md: 3 }} ms="auto">
            <Button
              variant="ghost"
              size="sm"
              onClick={onSignOut}
              loading={signingOut}
              loadingText="Signing out..."
            >
              <MdLogout aria-hidden />
              Sign out
            </Button>
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}
