import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Ride } from '../graphql/rides.graphql';
import {
  formatDuration,
  formatFeet,
  formatMiles,
  formatMph,
  formatWhole,
  wattsPerKg,
} from '../../../app/format';

interface Item {
  label: string;
  value: string;
  unit?: string;
  /** under the value, small: "2.40 W/kg" */
  note?: string | null;
}

/** A ride's numbers in the spec's units: miles, h m, mph, feet, watts (W/kg once the weight is known), bpm, rpm. */
export const rideStatItems = (ride: Ride, weightKg: number | null = null): Item[] => [
  { label: 'Distance', value: formatMiles(ride.distance), unit: 'mi' },
  { label: 'Duration', value: formatDuration(ride.movingTime) },
  { label: 'Avg Speed', value: formatMph(ride.averageSpeed), unit: 'mph' },
  { label: 'Elevation', value: formatFeet(ride.totalElevationGain), unit: 'ft' },
  ...(ride.averageWatts !== null
    ? [
        {
          label: 'Avg Power',
          value: formatWhole(ride.averageWatts),
          unit: 'W',
          note: wattsPerKg(ride.averageWatts, weightKg),
        },
      ]
    : []),
  ...(ride.averageHeartrate !== null
    ? [{ label: 'Avg Heart Rate', value: formatWhole(ride.averageHeartrate), unit: 'bpm' }]
    : []),
  ...(ride.averageCadence !== null
    ? [{ label: 'Avg Cadence', value: formatWhole(ride.averageCadence), unit: 'rpm' }]
    : []),
];

export function RideStatGrid({ ride, weightKg = null }: { ride: Ride; weightKg?: number | null }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 2, sm: 4 }} gap="3">
      {rideStatItems(ride, weightKg).map((item) => (
        <Stack key={item.label} gap="0">
          <Text as="dt" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {item.label}
          </Text>
          <Text as="dd" fontWeight="semibold" fontSize="lg">
            <Text as="span">{item.value}</Text>
            {item.unit ? (
              <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                {' '}
                {item.unit}
              </Text>
            ) : null}
            {item.note ? (
              <Text as="span" display="block" fontSize="xs" fontWeight="normal" color="fg.muted">
                {item.note}
              </Text>
            ) : null}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
