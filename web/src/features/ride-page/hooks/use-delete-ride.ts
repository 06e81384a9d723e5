import type { ApolloCache } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../app/error-message';
import { toast } from '../../../app/toaster';
import { ridePageApi } from '../api/ride-page-api';
import { RIDES_PATH } from '../ride-link';

/** The cached answers a deleted ride counted in: asked again when a screen next shows them. */
const RIDE_COUNTING_FIELDS = [
  'rides',
  'ridesPage',
  'dashboardStats',
  'userAverages',
  'rideTotals',
  'lifetimeAnalytics',
  'performanceTrends',
  'goals',
] as const;

/** Forgets the ride and every cached list, total and average it was part of. */
export const forgetRide = (cache: ApolloCache, rideId: string): void => {
  cache.evict({ id: cache.identify({ __typename: 'Ride', id: rideId }) });
  for (const fieldName of RIDE_COUNTING_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
};

/**
 * Deletes an uploaded ride (`DELETE /api/rides/{id}`), then goes back to the rides list with a
 * toast. Resolves whether it went through (the confirmation dialog stays open with an error toast
 * when it did not).
 */
export function useDeleteRide() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const deleteRide = useCallback(
    async (rideId: string, name: string): Promise<boolean> => {
      setDeleting(true);
      try {
        await ridePageApi.deleteRide(rideId);
      } catch (error) {
        toast.error('Ride Not Deleted', errorMessage(error, 'The ride could not be deleted. Try again.'));
        setDeleting(false);
        return false;
      }
      forgetRide(client.cache, rideId);
      toast.success('Ride Deleted', `"${name}" and its data were deleted.`);
      void navigate(RIDES_PATH);
      return true;
    },
    [client, navigate],
  );
  return { deleteRide, deleting };
}
