import { Box, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import type { PlanSessionDto } from '@domestique/proto';
import { FaBicycle } from 'react-icons/fa';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../../../app/format';
import { canDropOn, longDay, type CalendarDay } from '../calendar-grid';
import type { PickedSession, SessionMoveHandlers } from '../hooks/use-session-mover';
import { SessionChip } from './SessionChip';

export interface DayCellProps {
  day: CalendarDay;
  today: string;
  /** a day of the month before or after, in the month view */
  outside?: boolean;
  /** 'grid': the day's number in a month or week grid; 'agenda': the day in words, on a phone */
  layout: 'grid' | 'agenda';
  picked: PickedSession | null;
  dragging: string | null;
  handlers: SessionMoveHandlers;
  onOpen: (session: PlanSessionDto) => void;
}

/** A completed ride: a link to its page. */
function RideLink({ ride }: { ride: CalendarDay['rides'][number] }) {
  return (
    <Link asChild fontSize="xs" color="fg" display="flex" gap="1" alignItems="start">
      <RouterLink to={`/rides/${encodeURIComponent(ride.id)}`}>
        <Icon as={FaBicycle} mt="0.5" color="brand.solid" aria-hidden />
        <Box as="span" minW="0">
          <Text as="span" fontWeight="medium" lineClamp={2}>
            {ride.name}
          </Text>
          <Text as="span" display="block" fontSize="2xs" color="fg.muted">
            {formatDuration(ride.durationS)}
            {ride.load === null ? '' : ` · ${Math.round(ride.load)} TSS`}
          </Text>
        </Box>
      </RouterLink>
    </Link>
  );
}

/** One day: its planned sessions and completed rides, and a drop target while it has not gone by. */
export function CalendarDayCell({
  day,
  today,
  outside = false,
  layout,
  picked,
  dragging,
  handlers,
  onOpen,
}: DayCellProps) {
  const isToday = day.date === today;
  const past = !canDropOn(day.date, today);
  const target = picked?.target === day.date;
  const empty = day.sessions.length === 0 && day.rides.length === 0;
  return (
    <Box
      role="group"
      aria-label={`${longDay(day.date)}${isToday ? ', today' : ''}`}
      data-date={day.date}
      onDragOver={(event) => handlers.onDragOver(day.date, event)}
      onDrop={(event) => handlers.onDrop(day.date, event)}
      borderWidth="1px"
      borderColor={target ? 'brand.solid' : 'border'}
      borderStyle={dragging && !past ? 'dashed' : 'solid'}
      outline={target ? '2px solid' : undefined}
      outlineColor={past ? 'red.solid' : 'brand.solid'}
      bg={isToday ? 'brand.subtle' : past || outside ? 'bg.subtle' : 'bg'}
      rounded="md"
      p="1.5"
      minH={layout === 'grid' ? '28' : undefined}
      minW="0"
    >
      <Stack gap="1">
        {layout === 'grid' ? (
          <Text fontSize="xs" fontWeight={isToday ? 'bold' : 'medium'} color="fg.muted" aria-hidden>
            {Number(day.date.slice(8))}
          </Text>
        ) : (
          <HStack justify="space-between">
            <Text fontSize="sm" fontWeight="semibold" aria-hidden>
              {longDay(day.date)}
            </Text>
            {isToday ? (
              <Text fontSize="xs" color="brand.fg">
                Today
              </Text>
            ) : null}
          </HStack>
        )}
        {day.sessions.map((session) => (
          <SessionChip
            key={session.id}
            session={session}
            today={today}
            picked={picked}
            handlers={handlers}
            onOpen={onOpen}
          />
        ))}
        {day.rides.map((ride) => (
          <RideLink key={ride.id} ride={ride} />
        ))}
        {empty && layout === 'agenda' ? (
          <Text fontSize="xs" color="fg.muted">
            Nothing planned
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
