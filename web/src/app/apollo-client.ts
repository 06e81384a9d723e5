import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/**
 * The one GraphQL client (spec section 9): same-origin /graphql with the session cookie, results
 * kept in the cache and served from it first, no polling, no refetch on window focus (no
 * RefetchEventManager is configured), no retries (no RetryLink).
 */
export const createApolloClient = (uri = '/graphql'): ApolloClient =>
  new ApolloClient({
    link: new HttpLink({ uri, credentials: 'same-origin' }),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
