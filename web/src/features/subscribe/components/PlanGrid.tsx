import { Alert, SimpleGrid, Skeleton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Plan } from '../graphql/billing.graphql';
import { usePlans } from '../hooks/use-plans';

interface PlanGridProps {
  /** which plans, in order */
  ids: readonly Plan['id'][];
  /** draws one plan (a PlanCard with its buttons) */
  children: (plan: Plan) => ReactNode;
}

/** The plans from the billing service, laid out side by side; skeletons while they load. */
export function PlanGrid({ ids, children }: PlanGridProps) {
  const { plans, loading, failed } = usePlans();
  const columns = { base: 1, md: Math.min(ids.length, 3) };
  if (failed) {
    return (
      <Alert.Root status="error" rounded="lg">
        <Alert.Indicator />
        <Alert.Title>Plans could not be loaded. Please refresh the page.</Alert.Title>
      </Alert.Root>
    );
  }
  if (loading) {
    return (
      <SimpleGrid columns={columns} gap="6" aria-busy="true" aria-label="Loading plans">
        {ids.map((id) => (
          <Skeleton key={id} height="md" rounded="xl" />
        ))}
      </SimpleGrid>
    );
  }
  const shown = ids
    .map((id) => plans.find((plan) => plan.id === id))
    .filter((plan): plan is Plan => Boolean(plan));
  return (
    <SimpleGrid columns={columns} gap={{ base: '8', md: '6' }} pt="3" alignItems="stretch">
      {shown.map((plan) => children(plan))}
    </SimpleGrid>
  );
}
