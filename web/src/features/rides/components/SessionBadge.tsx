import { Badge } from '@chakra-ui/react';
import type { Ride } from '../graphql/rides.graphql';
import { sessionLabel } from '../workout-format';

/** The session read from a ride's data ("Threshold session"), on its card; nothing until it is known. */
export function SessionBadge({ ride }: { ride: Ride }) {
  const workout = ride.metrics?.workout;
  return workout ? <Badge colorPalette="blue">{sessionLabel(workout)}</Badge> : null;
}
