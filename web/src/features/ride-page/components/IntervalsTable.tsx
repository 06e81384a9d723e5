import { Box, Button, Table, Text } from '@chakra-ui/react';
import type { RideIntervalDto } from '@domestique/proto';
import { formatDuration } from '../../../app/format';
import type { TimeRange } from '../stream-view';
import { formatClock, formatQuantity, quantities } from '../units';

const UNITS = quantities();

/** "45 s", "4m" (whole minutes as the app writes durations) */
const shortDuration = (seconds: number) =>
  seconds < 60 ? `${Math.round(seconds)} s` : formatDuration(seconds);

/**
 * The detected work intervals: when, how long, how hard; "Show" zooms the charts to one. The table
 * scrolls sideways inside its box on a narrow screen, never the page.
 */
export function IntervalsTable({
  intervals,
  onShow,
}: {
  intervals: readonly RideIntervalDto[];
  onShow: (range: TimeRange) => void;
}) {
  if (intervals.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        No work intervals were detected on this ride.
      </Text>
    );
  return (
    <Box
      position="relative"
      role="region"
      overflowX="auto"
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      aria-label="Detected intervals, scrollable"
    >
      <Table.Root size="sm" data-testid="intervals-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>#</Table.ColumnHeader>
            <Table.ColumnHeader>Start</Table.ColumnHeader>
            <Table.ColumnHeader>Duration</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Avg Power</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">% FTP</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Avg HR</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Cadence</Table.ColumnHeader>
            <Table.ColumnHeader>Zone</Table.ColumnHeader>
            <Table.ColumnHeader>Recovery</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Box as="span" srOnly>
                Actions
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {intervals.map((interval) => (
            <Table.Row key={interval.number}>
              <Table.Cell>{interval.number}</Table.Cell>
              <Table.Cell>{formatClock(interval.startTime)}</Table.Cell>
              <Table.Cell>{shortDuration(interval.durationSeconds)}</Table.Cell>
              <Table.Cell textAlign="end">{formatQuantity(UNITS.power, interval.averagePower)}</Table.Cell>
              <Table.Cell textAlign="end">
                {interval.percentOfFtp === null ? '–' : `${interval.percentOfFtp}%`}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {formatQuantity(UNITS.heartRate, interval.averageHeartrate)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {formatQuantity(UNITS.cadence, interval.averageCadence)}
              </Table.Cell>
              <Table.Cell>{interval.powerZone === null ? '–' : `Z${interval.powerZone}`}</Table.Cell>
              <Table.Cell>
                {interval.recoverySeconds === null ? '–' : shortDuration(interval.recoverySeconds)}
              </Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Show interval ${interval.number} on the charts`}
                  onClick={() => onShow({ from: interval.startTime, to: interval.endTime })}
                >
                  Show
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
