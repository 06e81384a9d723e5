import type { RideDto } from '@domestique/proto';
import type { RideFeedbackQuery } from '../../gql/graphql';
import type { Ride } from '../rides/graphql/rides.graphql';

/**
 * The page's ride (`GET /api/rides/{id}`) in the shape the rides feature's components read (its
 * GraphQL fragment), with the feedback the GraphQL query answered: the REST ride carries none.
 */
export const toCardRide = (
  ride: RideDto,
  feedback: Pick<RideFeedbackQuery['ride'], 'hasAiFeedback' | 'aiFeedback'> | null,
): Ride => ({
  ...ride,
  hasAiFeedback: feedback?.hasAiFeedback ?? ride.hasAiFeedback,
  aiFeedback: feedback?.aiFeedback ?? null,
  metrics: ride.metrics && {
    ...ride.metrics,
    kilojoules: ride.metrics.kilojoules ?? null,
    recordedSeconds: ride.metrics.recordedSeconds ?? null,
    workout: ride.metrics.workout ?? null,
    ftpDescription: ride.metrics.ftpDescription ?? null,
  },
});
