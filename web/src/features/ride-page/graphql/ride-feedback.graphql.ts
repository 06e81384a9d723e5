import { graphql } from '../../../gql';

/**
 * The ride's AI feedback, which the analysis service owns (federated onto the rides service's `Ride`),
 * so it is not in `GET /api/rides/{id}`. Same cache entry as the rides list's ride: an analysis run
 * from this page (the `analyzeRide` mutation) shows here at once.
 */
export const RIDE_FEEDBACK_QUERY = graphql(`
  query RideFeedback($id: ID!) {
    ride(id: $id) {
      id
      hasAiFeedback
      aiFeedback {
        ...AiFeedbackFields
      }
    }
  }
`);
