import { useQuery } from '@apollo/client/react';
import { PLANS_QUERY, type Plan } from '../graphql/billing.graphql';

/** Free, Pro and Elite as the billing service describes them (prices, features, price ids). */
export function usePlans(): { plans: Plan[]; loading: boolean; failed: boolean } {
  const { data, loading, error } = useQuery(PLANS_QUERY);
  return { plans: data?.plans ?? [], loading, failed: Boolean(error) && !data };
}

export const planById = (plans: readonly Plan[], id: Plan['id']): Plan | undefined =>
  plans.find((plan) => plan.id === id);
