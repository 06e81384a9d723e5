import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AiFeedbackDto, MonthlyAnalysisLimitDto } from '@domestique/proto';

export const MONTHLY_LIMIT_QUERY: TypedDocumentNode<
  { monthlyAnalysisLimit: MonthlyAnalysisLimitDto },
  Record<string, never>
> = gql`
  query MonthlyAnalysisLimit {
    monthlyAnalysisLimit {
      hasLimit
      used
      limit
      remaining
      limitReached
    }
  }
`;

/** Answers the analysed ride's id and feedback, so the cached ride shows it at once. */
export const ANALYZE_RIDE_MUTATION: TypedDocumentNode<
  { analyzeRide: { id: string; aiFeedback: AiFeedbackDto | null } },
  { rideId: string }
> = gql`
  mutation AnalyzeRide($rideId: ID!) {
    analyzeRide(rideId: $rideId) {
      id
      aiFeedback {
        summary
        strengths
        weaknesses
        recommendations
        fullAnalysis
        outdated
      }
    }
  }
`;
