import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { RideStreamSeriesDto } from '@domestique/proto';
import { useMemo } from 'react';
import { formatDuration } from '../../../app/format';
import { rangeAverages, type RangeAverages as Averages } from '../series';
import type { TimeRange } from '../stream-view';
import { formatClock, formatQuantity, quantities } from '../units';

const UNITS = quantities();

/** The averages shown for the whole ride: the ride's own figures, computed by the server from every sample. */
export type WholeRideAverages = Omit<Averages, 'seconds'>;

/**
 * The averages of the zoomed range: average power, normalized power (30 s rolling), average heart
 * rate and cadence, weighed per second; the ride's own figures when not zoomed. `exact` is false while
 * the range's come from the series reduced for display (every sample is on its way).
 */
export function RangeAverages({
  series,
  view,
  exact,
  whole,
}: {
  series: RideStreamSeriesDto;
  view: TimeRange | null;
  exact: boolean;
  whole: WholeRideAverages;
}) {
  const end = series.time[series.time.length - 1] ?? 0;
  const from = view?.from ?? 0;
  const to = view?.to ?? end;
  const range = useMemo(
    () =>
      view
        ? rangeAverages(
            {
              time: series.time,
              power: series.power ?? null,
              heartRate: series.heartRate ?? null,
              cadence: series.cadence ?? null,
            },
            from,
            to,
          )
        : null,
    [series, view, from, to],
  );
  const averages = range ?? whole;
  const items = [
    { label: 'Avg Power', value: formatQuantity(UNITS.power, averages.averagePower), show: !!series.power },
    { label: 'NP', value: formatQuantity(UNITS.power, averages.normalizedPower), show: !!series.power },
    {
      label: 'Avg Heart Rate',
      value: formatQuantity(UNITS.heartRate, averages.averageHeartRate),
      show: !!series.heartRate,
    },
    {
      label: 'Avg Cadence',
      value: formatQuantity(UNITS.cadence, averages.averageCadence),
      show: !!series.cadence,
    },
  ].filter((item) => item.show);
  return (
    <Stack
      as="section"
      aria-label={view ? 'Selected range averages' : 'Whole ride averages'}
      gap="2"
      bg="bg.subtle"
      rounded="md"
      p="3"
      data-testid="range-averages"
    >
      <Text fontSize="sm" fontWeight="semibold">
        {view
          ? `Selected range ${formatClock(from)} – ${formatClock(to)} (${formatDuration(range?.seconds ?? 0)})`
          : 'Whole ride'}
        {exact || !view ? null : (
          <Text as="span" fontWeight="normal" color="fg.muted">
            {' '}
            (approximate until every sample has loaded)
          </Text>
        )}
      </Text>
      {items.length > 0 ? (
        <SimpleGrid as="dl" columns={{ base: 2, sm: 4 }} gap="2">
          {items.map((item) => (
            <Stack key={item.label} gap="0">
              <Text as="dt" fontSize="xs" color="fg.muted">
                {item.label}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {item.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No power, heart-rate or cadence data on this ride.
        </Text>
      )}
    </Stack>
  );
}
