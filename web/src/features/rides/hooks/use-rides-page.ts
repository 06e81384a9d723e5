import { useQuery } from '@apollo/client/react';
import { RIDES_PAGE_SIZE } from '@domestique/proto/messages';
import { useCallback, useState } from 'react';
import { RIDES_PAGE_QUERY } from '../graphql/rides.graphql';

/** The rides list, newest first, a page at a time: "Load More Rides" appends the next page. */
export function useRidesPage() {
  const query = useQuery(RIDES_PAGE_QUERY, {
    variables: { limit: RIDES_PAGE_SIZE, cursor: null },
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
        variables: { limit: RIDES_PAGE_SIZE, cursor: page.nextCursor },
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
  }, [fetchMore, page?.nextCursor]);

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
