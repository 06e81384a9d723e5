import { graphql } from '../../../gql';

export const MONTHLY_LIMIT_QUERY = graphql(`
  query MonthlyAnalysisLimit {
    monthlyAnalysisLimit {
      hasLimit
      used
      limit
      remaining
      limitReached
    }
  }
`);

/** Answers the analysed ride's id and feedback, so the cached ride shows it at once. */
export const ANALYZE_RIDE_MUTATION = graphql(`
  mutation AnalyzeRide($rideId: ID!) {
    analyzeRide(rideId: $rideId) {
      id
      aiFeedback {
        ...AiFeedbackFields
      }
    }
  }
`);
