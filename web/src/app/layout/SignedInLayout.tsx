import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TopNav } from './TopNav';

/** Every signed-in screen: the top navigation above the page. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <TopNav />
      <Box as="main" id="main">
        {children}
      </Box>
    </Box>
  );
}
