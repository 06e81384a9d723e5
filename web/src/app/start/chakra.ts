/**
 * Loading this module evaluates Chakra UI's first-screen chunk (vite.config.ts, `chakra`) in a
 * start-up stage of its own (main.tsx), before the theme's createSystem runs in the next one.
 */
export { ChakraProvider } from '@chakra-ui/react';
