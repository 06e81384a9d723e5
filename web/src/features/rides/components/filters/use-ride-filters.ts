import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseRideFilters, writeRideFilters, type RideFilters } from './ride-filters';

/**
 * The rides page's filters, read from and written to the URL: each change is a history entry
 * (Back undoes it), a reload keeps it and the address can be shared.
 */
export function useRideFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => parseRideFilters(new URLSearchParams(query)), [query]);
  const setFilters = useCallback(
    (next: RideFilters) => {
      const current = new URLSearchParams(query);
      const written = writeRideFilters(next, current);
      if (written.toString() !== current.toString()) setParams(written);
    },
    [query, setParams],
  );
  return { filters, setFilters };
}
