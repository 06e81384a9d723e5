import {
  Alert,
  Button,
  Grid,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  useBreakpointValue,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { PlanSessionDto } from '@domestique/proto';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { PageContainer } from '../../../app/layout/PageContainer';
import { EliteGate, type LockedTexts } from '../../plans/components/EliteGate';
import { EliteLockedPanel } from '../../plans/components/EliteLockedPanel';
import { isForbidden } from '../../plans/hooks/use-current-plan';
import { OptionPicker } from '../../training/components/OptionPicker';
import { useToday } from '../../training/hooks/use-training';
import { findSession, rangeTitle, type CalendarView } from '../calendar-grid';
import { useCalendarDays, useCalendarRange } from '../hooks/use-calendar';
import { useSessionMover, weekCheckText, type MoveCheck } from '../hooks/use-session-mover';
import { CalendarDays } from './CalendarDays';
import { CalendarFeedCard } from './CalendarFeedCard';
import { SessionDetailDialog } from './SessionDetailDialog';

export const CALENDAR_LOCKED: LockedTexts = {
  title: 'The training calendar is an Elite feature',
  text: 'See your planned sessions beside the rides you did, move sessions as your week changes, and export workouts for your bike computer.',
};

export const NO_PLAN_TEXT =
  'You have no training plan yet: your rides are shown, and a plan adds its sessions here.';

const VIEW_OPTIONS = [
  { key: 'month', label: 'Month' },
  { key: 'week', label: 'Week' },
] as const;

/** The last move's outcome: the re-checked week (and its warning), or why it was refused. */
function MoveCheckAlert({ check }: { check: MoveCheck }) {
  if (!check.ok)
    return (
      <Alert.Root status="error" rounded="md">
        <Alert.Indicator />
        <Alert.Title>{check.message}</Alert.Title>
      </Alert.Root>
    );
  return (
    <Alert.Root status={check.week.warning ? 'warning' : 'success'} rounded="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{weekCheckText(check.week)}</Alert.Title>
        {check.week.warning ? <Alert.Description>{check.week.warning}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

const loadingGrid = (
  <Grid
    templateColumns="repeat(7, minmax(0, 1fr))"
    gap="1"
    aria-busy="true"
    aria-label="Loading the calendar"
  >
    {Array.from({ length: 35 }, (_, index) => (
      <Skeleton key={index} height="28" rounded="md" />
    ))}
  </Grid>
);

function CalendarScreen() {
  const today = useToday();
  const { view, anchor, range, setView, previous, next, today: goToday } = useCalendarRange(today);
  const { value, move, retry } = useCalendarDays(range);
  const days = value.state === 'ready' ? value.data.days : [];
  const mover = useSessionMover({ days, range, today, move });
  const [openId, setOpenId] = useState<string | null>(null);
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const open = openId ? (findSession(days, openId) ?? null) : null;

  let body;
  if (value.state === 'failed')
    body = isForbidden(value.error) ? (
      <EliteLockedPanel title={CALENDAR_LOCKED.title} text={value.error.message} />
    ) : (
      <LoadErrorAlert title="Your calendar could not be loaded." error={value.error} onRetry={retry} />
    );
  else if (value.state === 'ready')
    body = (
      <Stack gap="3">
        {value.data.hasPlan ? null : (
          <Alert.Root status="info" rounded="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{NO_PLAN_TEXT}</Alert.Title>
              <Alert.Description>
                <Link asChild fontWeight="semibold">
                  <RouterLink to="/plan">Build your plan</RouterLink>
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {mover.check ? <MoveCheckAlert check={mover.check} /> : null}
        <CalendarDays
          days={value.data.days}
          view={view}
          month={anchor.slice(0, 7)}
          narrow={narrow}
          today={today}
          picked={mover.picked}
          dragging={mover.dragging}
          handlers={mover.handlers}
          onOpen={(session: PlanSessionDto) => setOpenId(session.id)}
        />
      </Stack>
    );
  else body = loadingGrid;

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={previous} aria-label={`Previous ${view}`}>
            ‹
          </Button>
          <Button size="sm" variant="outline" onClick={goToday}>
            Today
          </Button>
          <Button size="sm" variant="outline" onClick={next} aria-label={`Next ${view}`}>
            ›
          </Button>
          <Heading as="h2" size="lg" aria-live="polite">
            {rangeTitle(view, anchor)}
          </Heading>
        </HStack>
        <HStack gap="3">
          <OptionPicker<CalendarView> label="View" options={VIEW_OPTIONS} value={view} onChange={setView} />
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to="/plan">Your plan</RouterLink>
          </Button>
        </HStack>
      </HStack>
      <VisuallyHidden aria-live="assertive" data-testid="calendar-announcer">
        {mover.announcement}
      </VisuallyHidden>
      {body}
      <SessionDetailDialog session={open} onClose={() => setOpenId(null)} />
      <CalendarFeedCard />
    </Stack>
  );
}

/**
 * /calendar (issue 23): planned sessions and completed rides by month or week, Monday first; a
 * session moves by drag and drop or with the keyboard, and the week's load is checked again. Pro
 * and Free riders see it locked (EliteGate).
 */
export function CalendarPage() {
  return (
    <PageContainer
      title="Training Calendar"
      description="Your planned sessions and the rides you did, side by side."
    >
      <EliteGate locked={CALENDAR_LOCKED}>
        <CalendarScreen />
      </EliteGate>
    </PageContainer>
  );
}
