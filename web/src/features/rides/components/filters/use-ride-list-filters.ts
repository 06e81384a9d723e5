import { useMemo } from 'react';
import { activeFilterCount, toRideFilterInput, withoutFilters } from './ride-filters';
import { useRideFilters } from './use-ride-filters';

/** Everything the rides page needs of its filters: the state, the query's filter, clearing. */
export function useRideListFilters() {
  const { filters, setFilters } = useRideFilters();
  const variables = useMemo(() => toRideFilterInput(filters), [filters]);
  return {
    filters,
    setFilters,
    variables,
    filtering: activeFilterCount(filters) > 0,
    clear: () => setFilters(withoutFilters(filters)),
  };
}
