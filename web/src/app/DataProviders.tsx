import { ApolloProvider } from '@apollo/client/react';
import { use, useState, type ReactNode } from 'react';
import { createApolloClient } from './apollo-client';
import { ME_QUERY, type SessionUser } from './session/session.graphql';
import { SessionProvider } from './session/SessionProvider';

interface DataProvidersProps {
  /** the session check main.tsx started (startSessionCheck) */
  sessionCheck: Promise<SessionUser | null>;
  children: ReactNode;
}

/**
 * The GraphQL client and the session. Loaded as its own chunk once the first screen has painted
 * ("Loading", as while the session check runs), so Apollo is not part of the first download; the
 * session check's answer, fetched meanwhile, goes into Apollo's cache as if Apollo had asked.
 */
export function DataProviders({ sessionCheck, children }: DataProvidersProps) {
  const me = use(sessionCheck);
  const [client] = useState(() => {
    const created = createApolloClient();
    created.writeQuery({ query: ME_QUERY, data: { me } });
    return created;
  });
  return (
    <ApolloProvider client={client}>
      <SessionProvider checked>{children}</SessionProvider>
    </ApolloProvider>
  );
}
