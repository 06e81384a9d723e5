import { Grid, Stack, Text } from '@chakra-ui/react';
import type { CalendarView } from '../calendar-grid';
import { CalendarDayCell, type DayCellProps } from './CalendarDayCell';

const WEEKDAY_HEADERS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

type SharedProps = Omit<DayCellProps, 'day' | 'outside' | 'layout'>;

/**
 * The days shown: a Monday-first grid of weeks (a month or one week), or on a narrow screen an
 * agenda, one day under the other.
 */
export function CalendarDays({
  days,
  view,
  month,
  narrow,
  ...shared
}: SharedProps & {
  days: DayCellProps['day'][];
  view: CalendarView;
  /** YYYY-MM of the month shown: the days around it are dimmed */
  month: string;
  narrow: boolean;
}) {
  const outside = (date: string) => view === 'month' && date.slice(0, 7) !== month;
  if (narrow)
    return (
      <Stack as="ul" gap="2" m="0" p="0" listStyleType="none" aria-label="Agenda">
        {days
          .filter((day) => !outside(day.date))
          .map((day) => (
            <li key={day.date}>
              <CalendarDayCell day={day} layout="agenda" {...shared} />
            </li>
          ))}
      </Stack>
    );
  return (
    <Stack gap="1">
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1" aria-hidden>
        {WEEKDAY_HEADERS.map((name) => (
          <Text key={name} fontSize="xs" fontWeight="semibold" color="fg.muted" textAlign="center">
            {name}
          </Text>
        ))}
      </Grid>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1">
        {days.map((day) => (
          <CalendarDayCell key={day.date} day={day} layout="grid" outside={outside(day.date)} {...shared} />
        ))}
      </Grid>
    </Stack>
  );
}
