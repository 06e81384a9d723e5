import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { retainCache } from './cache-retention';
import { specErrorsLink } from './spec-errors-link';

/**
 * The one GraphQL client, with spec section 9's data-fetching defaults: same-origin /graphql with
 * the session cookie; results never go stale on their own (served from the cache first); no
 * interval polling (a screen that shows progress polls itself); no refetch on window focus (no
 * RefetchEventManager is configured); no retries (no RetryLink); data no screen watches is kept
 * 5 minutes (`retainCache`). Failed calls carry the spec's error wording (`specErrorsLink`).
 */
export const createApolloClient = (uri = '/graphql'): ApolloClient => {
  const client = new ApolloClient({
    link: ApolloLink.from([specErrorsLink, new HttpLink({ uri, credentials: 'same-origin' })]),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
  retainCache(client);
  return client;
};
