import type { ApolloClient } from '@apollo/client';
import { RIDE_DATA_QUERIES } from '../graphql/strava.graphql';

/** Refetches the ride lists and stats on screen (spec section 4: after a sync, rides and stats refresh). */
export const refetchRideData = async (client: ApolloClient): Promise<void> => {
  const active = [...client.getObservableQueries('active').values()]
    .map((query) => query.queryName)
    .filter((name): name is string => typeof name === 'string' && RIDE_DATA_QUERIES.includes(name));
  if (active.length > 0) await client.refetchQueries({ include: active });
};
