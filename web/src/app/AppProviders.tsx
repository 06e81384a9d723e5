import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SessionProvider } from './session/SessionProvider';
import { system } from './theme';
import { AppToaster } from './toaster';

/** Theme, GraphQL client, session and toasts: everything a screen may rely on. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </ApolloProvider>
      <AppToaster />
    </ChakraProvider>
  );
}
