import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Ride } from '../graphql/rides.graphql';
import { formatDuration, formatWhole, wattsPerKg } from '../../../app/format';
import { quantities, type UnitSystem } from '../../../app/units/units';
import { useUnits } from '../../../app/units/use-units';

interface Item {
  label: string;
  value: string;
  unit?: string;
  /** under the value, small: "2.40 W/kg" */
  note?: string | null;
}

/** The value and unit of a quantity in a unit system: { value: "24.85", unit: "mi" } */
const shown = (quantity: { format: (si: number) => string; unit: string }, si: number) => ({
  value: quantity.format(si),
  unit: quantity.unit,
});

/**
 * A ride's numbers in the rider's units (imperial: miles, h m, mph, feet; metric: km, km/h, m), watts
 * (W/kg once the weight is known), bpm, rpm.
 */
export const rideStatItems = (
  ride: Ride,
  weightKg: number | null = null,
  system: UnitSystem = 'imperial',
): Item[] => {
  const q = quantities(system);
  return [
    { label: 'Distance', ...shown(q.distance, ride.distance) },
    { label: 'Duration', value: formatDuration(ride.movingTime) },
    { label: 'Avg Speed', ...shown(q.speed, ride.averageSpeed) },
    { label: 'Elevation', ...shown(q.elevation, ride.totalElevationGain) },
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
};

export function RideStatGrid({ ride, weightKg = null }: { ride: Ride; weightKg?: number | null }) {
  const { system } = useUnits();
  return (
    <SimpleGrid as="dl" columns={{ base: 2, sm: 4 }} gap="3">
      {rideStatItems(ride, weightKg, system).map((item) => (
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
