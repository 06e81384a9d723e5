import { Badge, Box, Button, Card, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { goalProgressPercent, type GoalType } from '@domestique/proto/messages';
import type { IconType } from 'react-icons';
import { FaBullseye, FaCheckCircle, FaClock, FaMountain, FaRoad, FaTachometerAlt } from 'react-icons/fa';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog';
import { useUnits } from '../../../app/units/use-units';
import { formatGoalDate, progressLine } from '../goal-form';
import type { Goal } from '../graphql/goals.graphql';

const TYPE_ICONS: Record<GoalType, IconType> = {
  distance: FaRoad,
  time: FaClock,
  elevation: FaMountain,
  speed: FaTachometerAlt,
  custom: FaBullseye,
};

const STATUS_PALETTE: Record<Goal['status'], string> = {
  active: 'blue',
  completed: 'green',
  expired: 'gray',
};

/** One goal (spec section 2): icon, status, progress capped at 100%, due date, edit and delete. */
export function GoalCard({
  goal,
  onEdit,
  onDelete,
  deleting,
}: {
  goal: Goal;
  onEdit: () => void;
  onDelete: () => Promise<boolean>;
  deleting: boolean;
}) {
  const Icon = TYPE_ICONS[goal.type];
  const { system } = useUnits();
  const completed = goal.status === 'completed';
  const percent = goalProgressPercent(goal.currentValue, goal.targetValue);
  return (
    <Card.Root as="article" aria-label={goal.title} height="full">
      <Card.Header>
        <HStack justify="space-between" align="start" gap="3">
          <HStack gap="3" align="start">
            <Box as={Icon} boxSize="6" color="brand.fg" mt="1" aria-label={`${goal.type} goal`} />
            <Stack gap="1">
              <Card.Title as="h2">{goal.title}</Card.Title>
              {goal.description ? <Text color="fg.muted">{goal.description}</Text> : null}
            </Stack>
          </HStack>
          <HStack gap="1" flexShrink={0}>
            {completed ? <Box as={FaCheckCircle} color="green.600" boxSize="5" aria-hidden /> : null}
            <Badge colorPalette={STATUS_PALETTE[goal.status]}>{completed ? 'Completed' : goal.status}</Badge>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <Text fontWeight="medium">{progressLine(goal, system)}</Text>
          <Progress.Root value={percent} colorPalette={completed ? 'green' : 'brand'} size="md">
            <Progress.Label srOnly>{`${Math.round(percent)}% of ${goal.title}`}</Progress.Label>
            <Progress.Track rounded="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack justify="space-between" fontSize="sm" color="fg.muted">
            <Text>Due {formatGoalDate(goal.targetDate)}</Text>
            {completed ? (
              <Text color="green.700" fontWeight="semibold" display="flex" alignItems="center" gap="1">
                <FaCheckCircle aria-hidden /> Completed
              </Text>
            ) : (
              <Text>{Math.round(percent)}%</Text>
            )}
          </HStack>
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" justifyContent="flex-end">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${goal.title}`}>
          Edit
        </Button>
        <ConfirmDialog
          trigger={{ label: 'Delete', size: 'sm' }}
          title="Delete this goal?"
          body={`"${goal.title}" and its progress will be removed. This cannot be undone.`}
          cancelLabel="Cancel"
          confirmLabel="Delete Goal"
          busyLabel="Deleting..."
          busy={deleting}
          onConfirm={onDelete}
        />
      </Card.Footer>
    </Card.Root>
  );
}
