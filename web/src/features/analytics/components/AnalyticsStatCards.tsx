import { Box, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { STAT_TREND_DAYS } from '@domestique/proto/messages';
import type { LifetimeStatsDto, StatTrendsDto } from '@domestique/proto';
import { formatDuration, formatWhole } from '../../../app/format';
import { imperialStat } from '../../../app/units/units';
import { useUnits } from '../../../app/units/use-units';
import { TrendBadge } from './TrendBadge';

/** The four lifetime cards (spec section 2), each with the real change of the last 30 days. */
export function AnalyticsStatCards({
  stats,
  trends,
}: {
  stats: LifetimeStatsDto | undefined;
  trends: StatTrendsDto | undefined;
}) {
  // the API's lifetime totals are in miles and feet (spec section 7): shown in the rider's units
  const { system } = useUnits();
  const cards = [
    { key: 'totalRides', label: 'Total Rides', value: stats && formatWhole(stats.totalRides), unit: '' },
    {
      key: 'totalDistance',
      label: 'Distance',
      ...imperialStat(system, 'distance', stats?.totalDistance ?? 0),
    },
    { key: 'totalTime', label: 'Ride Time', value: stats && formatDuration(stats.totalTime), unit: '' },
    {
      key: 'totalElevation',
      label: 'Elevation',
      ...imperialStat(system, 'elevation', stats?.totalElevation ?? 0),
    },
  ] as const;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      {cards.map((card) => (
        <Stat.Root key={card.key} bg="bg" borderWidth="1px" rounded="lg" p="4" gap="2">
          <Stat.Label>{card.label}</Stat.Label>
          {stats && trends ? (
            <>
              <Stat.ValueText>
                {card.value}
                {card.unit ? <Stat.ValueUnit>{card.unit}</Stat.ValueUnit> : null}
              </Stat.ValueText>
              {/* a <dl> holds only <dt>/<dd>: the trend is a second description of the figure */}
              <Box as="dd">
                <TrendBadge
                  change={trends[card.key]}
                  emptyText={`No rides in the ${STAT_TREND_DAYS} days before`}
                  caption={`last ${STAT_TREND_DAYS} days vs the ${STAT_TREND_DAYS} before`}
                />
              </Box>
            </>
          ) : (
            <Box as="dd" aria-busy="true">
              <Skeleton height="8" width="24" mb="2" />
              <Skeleton height="4" width="32" />
            </Box>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
