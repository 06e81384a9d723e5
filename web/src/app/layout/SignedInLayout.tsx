import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SkipLink } from './SkipLink';
import { TopNav } from './TopNav';

/** Every signed-in screen: the top navigation above the page. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <SkipLink />
      <TopNav />
      <Box as="main" id="main" tabIndex={-1} outline="none">
        {children}
      </Box>
    </Box>
  );
}
