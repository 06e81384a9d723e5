import { SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import type { WeeklyStatsDto } from '@domestique/proto';
import { formatDuration, formatTwoDecimals, formatWhole } from '../../../app/format';

/** The dashboard's four stat cards (spec section 2): this week's distance, time, elevation, power. */
export function WeeklyStatCards({ stats }: { stats: WeeklyStatsDto | undefined }) {
  const cards = [
    { label: 'This Week', value: stats ? formatTwoDecimals(stats.totalDistance) : '', unit: 'mi' },
    { label: 'Time', value: stats ? formatDuration(stats.totalTime) : '', unit: '' },
    { label: 'Elevation', value: stats ? formatTwoDecimals(stats.totalElevation) : '', unit: 'ft' },
    { label: 'Avg Power', value: stats ? formatWhole(stats.avgPower) : '', unit: 'W' },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {cards.map((card) => (
        <Stat.Root key={card.label} bg="bg" borderWidth="1px" rounded="lg" p="4">
          <Stat.Label>{card.label}</Stat.Label>
          {stats ? (
            <Stat.ValueText>
              {card.value}
              {card.unit ? <Stat.ValueUnit>{card.unit}</Stat.ValueUnit> : null}
            </Stat.ValueText>
          ) : (
            <Skeleton height="8" width="20" />
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
