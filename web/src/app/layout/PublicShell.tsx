import { Box, Container, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from './BrandMark';

/** A simple frame for the public pages (FAQ, privacy, password reset, 404): a bar with the brand. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="6xl" py="3" px={{ base: '4', md: '6' }}>
          <Link asChild _hover={{ textDecoration: 'none' }} rounded="md">
            <RouterLink to="/" aria-label="Domestique home">
              <BrandMark />
            </RouterLink>
          </Link>
        </Container>
      </Box>
      <Box as="main">{children}</Box>
    </Box>
  );
}
