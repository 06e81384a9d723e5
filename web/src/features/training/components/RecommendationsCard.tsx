import '../../../app/zod-jitless';
import {
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { PlannedWorkoutDto } from '@domestique/proto';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { formatDuration } from '../../../app/format';
import { useRecommendations, useToday } from '../hooks/use-training';
import { addDays } from '../load-ranges';
import { stepLines } from '../step-profile';
import { ProLockedPanel } from '../../../app/components/ProLockedPanel';
import { WorkoutProfile } from './WorkoutProfile';

export const NO_RECOMMENDATIONS_TEXT = 'No sessions to suggest yet: sync or upload a ride first.';

/** "Mon, Mar 9" */
const weekdayLabel = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** "Today", "Tomorrow" or "Mon, Mar 9": the plan starts tomorrow once today's ride is in. */
const relativeDay = (day: string, today: string): string => {
  if (day === today) return 'Today';
  if (day === addDays(today, 1)) return 'Tomorrow';
  return weekdayLabel(day);
};

/** One day of the week ahead: its session (title, duration, profile, steps, why) or rest. */
function PlannedDay({ day, today }: { day: PlannedWorkoutDto; today: string }) {
  const rest = day.type === 'rest' || day.steps.length === 0;
  return (
    <Box as="li" borderWidth="1px" rounded="lg" p="3" aria-label={`${weekdayLabel(day.date)}: ${day.title}`}>
      <Stack gap="2">
        <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {relativeDay(day.date, today)}
          </Text>
          {rest ? (
            <Badge colorPalette="gray">Rest</Badge>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {formatDuration(day.durationS)} · {Math.round(day.plannedLoad)} TSS
            </Text>
          )}
        </HStack>
        <Heading as="h3" size="sm">
          {day.title}
        </Heading>
        {rest ? null : (
          <>
            <WorkoutProfile steps={day.steps} label={`Profile of ${day.title}: ${day.steps.length} steps`} />
            <Stack as="ol" gap="0" m="0" ps="4" fontSize="xs" color="fg.muted">
              {stepLines(day.steps).map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </Stack>
          </>
        )}
        <Text fontSize="sm">{day.reason}</Text>
      </Stack>
    </Box>
  );
}

function PaidRecommendations({ wide }: { wide: boolean }) {
  const { value, retry } = useRecommendations();
  const today = useToday();
  if (value.state === 'failed')
    return (
      <LoadErrorAlert title="Your next sessions could not be loaded." error={value.error} onRetry={retry} />
    );
  if (value.state !== 'ready')
    return (
      <Stack gap="3" aria-busy="true" aria-label="Loading the next 7 days">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="24" rounded="lg" />
        ))}
      </Stack>
    );
  const { days } = value.data;
  if (days.length === 0)
    return (
      <Text color="fg.muted" py="6" textAlign="center">
        {NO_RECOMMENDATIONS_TEXT}
      </Text>
    );
  return (
    <SimpleGrid
      as="ol"
      columns={wide ? { base: 1, md: 2, xl: 4 } : 1}
      gap="3"
      listStyleType="none"
      m="0"
      p="0"
    >
      {days.map((day) => (
        <PlannedDay key={day.date} day={day} today={today} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The dashboard's and the training screen's "Next 7 days": suggested sessions (Pro and Elite).
 * `wide`: the days side by side where the card spans the page (the dashboard), else one column.
 */
export function RecommendationsCard({ free, wide = false }: { free: boolean; wide?: boolean }) {
  return (
    <Card.Root as="section" aria-labelledby="recommendations-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="recommendations-heading">
          Next 7 days
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Sessions suggested from your goals, form and recent load
        </Text>
      </Card.Header>
      <Card.Body>
        {free ? (
          <ProLockedPanel
            title="Training recommendations are a Pro feature"
            text="Get a structured session for each of the next 7 days, and why it is there."
          />
        ) : (
          <PaidRecommendations wide={wide} />
        )}
      </Card.Body>
      {wide && !free ? (
        // the dashboard's way to the training screen (the top bar keeps the spec's six links)
        <Card.Footer>
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/training">Fitness, form and power curve</RouterLink>
          </Button>
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}
