import { useQuery } from '@apollo/client/react';
import { MONTHLY_LIMIT_QUERY } from '../graphql/analysis.graphql';

/** The rider's monthly analysis allowance (spec section 3), shared by the dashboard and the rides page. */
export function useMonthlyLimit() {
  const query = useQuery(MONTHLY_LIMIT_QUERY, { fetchPolicy: 'cache-and-network' });
  return query.data?.monthlyAnalysisLimit;
}
