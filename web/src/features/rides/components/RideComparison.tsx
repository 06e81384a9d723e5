import { HStack, Stack, Text } from '@chakra-ui/react';
import type { UserAveragesDto } from '@domestique/proto';
import { compareToAverages, describeComparison, type ComparisonValue } from '../comparison';
import type { Ride } from '../graphql/rides.graphql';

const tone = (value: ComparisonValue) =>
  value.kind === 'notAvailable' ? 'fg.muted' : value.percent >= 0 ? 'green.fg' : 'orange.fg';

/** How the ride compares with the rider's averages (spec section 2 rules). */
export function RideComparison({ ride, averages }: { ride: Ride; averages: UserAveragesDto | undefined }) {
  if (!averages) return null;
  const comparison = compareToAverages(ride, averages);
  return (
    <Stack gap="1" bg="bg.muted" rounded="md" p="3" fontSize="sm">
      <Text fontWeight="semibold">Compared with your averages</Text>
      {comparison.kind === 'needMoreRides' ? (
        <Text color="fg.muted">Need more rides to calculate averages</Text>
      ) : (
        <HStack columnGap="4" rowGap="0.5" wrap="wrap">
          {(
            [
              ['Speed', comparison.speed],
              ['Distance', comparison.distance],
              ['Power', comparison.power],
            ] as const
          ).map(([label, value]) => (
            <Text key={label}>
              {label}:{' '}
              <Text as="span" fontWeight="semibold" color={tone(value)}>
                {describeComparison(value)}
              </Text>
            </Text>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
