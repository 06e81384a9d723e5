import { Button, EmptyState, Flex, SimpleGrid, Skeleton, VStack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { FaBullseye, FaPlus } from 'react-icons/fa';
import { PageContainer } from '../../../app/layout/PageContainer';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { useUnits } from '../../../app/units/use-units';
import { emptyGoalForm, goalFormFrom } from '../goal-form';
import type { Goal } from '../graphql/goals.graphql';
import { useGoals } from '../hooks/use-goals';
import { GoalCard } from './GoalCard';
import { GoalFormDialog } from './GoalFormDialog';

/** /goals (spec section 2, Goals page). */
export function GoalsPage() {
  const goals = useGoals();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Goal | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const blank = useMemo(emptyGoalForm, []);
  const { system } = useUnits();
  const editValues = useMemo(
    () => (editing ? goalFormFrom(editing, system) : blank),
    [editing, blank, system],
  );

  let content;
  if (goals.loading)
    content = (
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" aria-busy="true" aria-label="Loading goals">
        <Skeleton height="56" rounded="lg" />
        <Skeleton height="56" rounded="lg" />
        <Skeleton height="56" rounded="lg" />
      </SimpleGrid>
    );
  else if (goals.error)
    content = (
      <LoadErrorAlert title="Your goals could not be loaded." error={goals.error} onRetry={goals.retry} />
    );
  else if (goals.goals.length === 0)
    content = (
      <EmptyState.Root bg="bg" borderWidth="1px" rounded="lg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <FaBullseye />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title as="h2">No Goals Yet</EmptyState.Title>
            <EmptyState.Description>
              Set a distance, time, elevation or speed goal and your synced rides will count towards it.
            </EmptyState.Description>
          </VStack>
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            Create Your First Goal
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  else
    content = (
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
        {goals.goals.map((goal) => (
          <GoalCard
            key={goal.id}
            goal={goal}
            onEdit={() => setEditing(goal)}
            deleting={goals.deleting && deletingId === goal.id}
            onDelete={async () => {
              setDeletingId(goal.id);
              return goals.deleteGoal(goal.id);
            }}
          />
        ))}
      </SimpleGrid>
    );

  return (
    <PageContainer
      title="Your Goals"
      description="Goals count your rides from the day you set them to their target date."
    >
      <Flex justify="flex-end" mb="4">
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          <FaPlus aria-hidden /> New Goal
        </Button>
      </Flex>
      {content}
      <GoalFormDialog
        mode="create"
        open={creating}
        onOpenChange={setCreating}
        initial={blank}
        busy={goals.creating}
        onSubmit={goals.createGoal}
      />
      <GoalFormDialog
        mode="edit"
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        initial={editValues}
        busy={goals.updating}
        onSubmit={(input) => (editing ? goals.updateGoal(editing.id, input) : Promise.resolve(false))}
      />
    </PageContainer>
  );
}
