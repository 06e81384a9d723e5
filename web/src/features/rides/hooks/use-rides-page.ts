import { useApolloClient, useQuery } from '@apollo/client/react';
import { RIDES_PAGE_MAX, RIDES_PAGE_SIZE } from '@domestique/proto/messages';
import { useCallback, useState } from 'react';
import type { RideFilterInput } from '../../../gql/graphql';
import { RIDES_PAGE_QUERY } from '../graphql/rides.graphql';

/**
 * The rides list a page at a time, as `filter` keeps and orders it (newest first without one):
 * "Load More Rides" appends the next page of the same filter.
 */
export function useRidesPage(filter?: RideFilterInput) {
  const client = useApolloClient();
  const query = useQuery(RIDES_PAGE_QUERY, {
    variables: { limit: RIDES_PAGE_SIZE, cursor: null, filter },
    fetchPolicy: 'cache-and-network',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const page = query.data?.ridesPage;
  const { fetchMore } = query;

  const loadMore = useCallback(async () => {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { limit: RIDES_PAGE_SIZE, cursor: page.nextCursor, filter },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ridesPage: {
            ...fetchMoreResult.ridesPage,
            rides: [...previous.ridesPage.rides, ...fetchMoreResult.ridesPage.rides],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  }, [fetchMore, page?.nextCursor, filter]);

  /**
   * Asks again for every ride shown (all pages loaded so far, in one request): the rides are cached
   * by id, so the list updates without losing the pages "Load More Rides" added.
   */
  const shown = page?.rides.length ?? 0;
  const refresh = useCallback(
    () =>
      client.query({
        query: RIDES_PAGE_QUERY,
        variables: {
          limit: Math.min(Math.max(shown, RIDES_PAGE_SIZE), RIDES_PAGE_MAX),
          cursor: null,
          filter,
        },
        fetchPolicy: 'network-only',
      }),
    [client, shown, filter],
  );

  return {
    rides: page?.rides ?? [],
    totalCount: page?.totalCount ?? 0,
    hasMore: Boolean(page?.nextCursor),
    loading: query.loading && !page,
    error: page ? undefined : query.error,
    retry: () => void query.refetch(),
    loadMore,
    loadingMore,
    refresh,
  };
}
