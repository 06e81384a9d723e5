import { SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import type { WeeklyStatsDto } from '@domestique/proto';
import { formatDuration, formatWhole } from '../../../app/format';
import { imperialStat } from '../../../app/units/units';
import { useUnits } from '../../../app/units/use-units';

/** The dashboard's four stat cards (spec section 2): this week's distance, time, elevation, power. */
export function WeeklyStatCards({ stats }: { stats: WeeklyStatsDto | undefined }) {
  // the API's weekly totals are in miles and feet (spec section 7): shown in the rider's units
  const { system } = useUnits();
  const cards = [
    { label: 'This Week', ...imperialStat(system, 'distance', stats?.totalDistance ?? 0) },
    { label: 'Time', value: stats ? formatDuration(stats.totalTime) : '', unit: '' },
    { label: 'Elevation', ...imperialStat(system, 'elevation', stats?.totalElevation ?? 0) },
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
