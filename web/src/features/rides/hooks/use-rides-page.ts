import { useQuery } from '@apollo/client/react';
import { RIDES_PAGE_SIZE } from '@domestique/proto/messages';
import { useCallback, useState } from 'react';
import { RIDES_PAGE_QUERY, type RideFilterVariables } from '../graphql/rides.graphql';

/**
 * The rides list a page at a time, as `filter` keeps and orders it (newest first without one):
 * "Load More Rides" appends the next page of the same filter.
 */
export function useRidesPage(filter?: RideFilterVariables) {
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

  return {
    rides: page?.rides ?? [],
    totalCount: page?.totalCount ?? 0,
    hasMore: Boolean(page?.nextCursor),
    loading: query.loading && !page,
    error: page ? undefined : query.error,
    retry: () => void query.refetch(),
    loadMore,
    loadingMore,
  };
}
