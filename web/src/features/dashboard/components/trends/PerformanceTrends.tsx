import { useQuery } from '@apollo/client/react';
import { Box, Card, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import type { ImprovementsDto, PerformanceTrendsDto } from '@domestique/proto';
import { lazy, Suspense } from 'react';
import { browserTimeZone } from '../../../../app/browser-time-zone';
import { CHART_COLORS } from '../../../analytics/chart-theme';
import { TrendBadge } from '../../../analytics/components/TrendBadge';
import { PERFORMANCE_TRENDS_QUERY } from '../../../analytics/graphql/analytics.graphql';
import { LoadErrorAlert } from '../../../../app/components/LoadErrorAlert';
import { ProLockedPanel } from '../../../../app/components/ProLockedPanel';

/** nivo loads with the chart, not with the dashboard (free riders never need it). */
const WeeklyLineChart = lazy(() =>
  import('../../../analytics/components/WeeklyLineChart').then((m) => ({ default: m.WeeklyLineChart })),
);

export const NO_TRENDS_TEXT = 'Sync rides from Strava to see your performance trends';

const IMPROVEMENTS: { key: keyof ImprovementsDto; label: string; help: string }[] = [
  {
    key: 'powerImprovement',
    label: 'Power',
    help: 'Average power, last 4 weeks vs the first 4',
  },
  {
    key: 'heartRateEfficiency',
    label: 'Heart-rate efficiency',
    help: 'Watts per heartbeat, last 4 weeks vs the first 4',
  },
  {
    key: 'cadenceConsistency',
    label: 'Cadence consistency',
    help: 'How much less your cadence varies, last 4 weeks vs the first 4',
  },
];

const hasData = (trends: PerformanceTrendsDto): boolean =>
  trends.trends.some((p) => p.power !== null || p.heartRate !== null || p.cadence !== null);

/** The three measures, each in its own unit: one small chart each, on the same 12 weeks. */
const MEASURES: {
  key: 'power' | 'heartRate' | 'cadence';
  title: string;
  unit: string;
  what: string;
  color: string;
}[] = [
  { key: 'power', title: 'Power (W)', unit: 'W', what: 'power', color: CHART_COLORS.vermillion },
  { key: 'heartRate', title: 'Heart rate (bpm)', unit: 'bpm', what: 'heart rate', color: CHART_COLORS.blue },
  { key: 'cadence', title: 'Cadence (rpm)', unit: 'rpm', what: 'cadence', color: CHART_COLORS.green },
];

function TrendsChart({ trends }: { trends: PerformanceTrendsDto }) {
  const points = trends.trends;
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '6', lg: '4' }}>
        {MEASURES.map((measure) => (
          <Stack
            as="figure"
            key={measure.key}
            gap="1"
            m="0"
            minW="0"
            aria-labelledby={`trend-${measure.key}-title`}
          >
            <Heading as="h3" size="sm" id={`trend-${measure.key}-title`}>
              <Box
                as="span"
                aria-hidden
                display="inline-block"
                boxSize="2.5"
                rounded="full"
                bg={measure.color}
                me="2"
              />
              {measure.title}
            </Heading>
            <Box height={{ base: '56', md: '60' }}>
              <Suspense fallback={<Skeleton height="full" rounded="lg" />}>
                <WeeklyLineChart
                  label={`Weekly average ${measure.what} in ${measure.unit} over 12 weeks`}
                  yLegend={measure.unit}
                  fromZero={false}
                  compact
                  emptyText={`No ${measure.what} data in the last 12 weeks`}
                  series={{
                    id: measure.title,
                    color: measure.color,
                    format: (v) => `${v} ${measure.unit}`,
                    values: points.map((p) => ({ week: p.date, value: p[measure.key] })),
                  }}
                />
              </Suspense>
            </Box>
          </Stack>
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {IMPROVEMENTS.map((item) => (
          <Stat.Root key={item.key} borderWidth="1px" rounded="lg" p="4">
            <Stat.Label>{item.label}</Stat.Label>
            <TrendBadge
              change={trends.improvements[item.key]}
              emptyText="Needs rides with this data in the first and the last 4 weeks"
            />
            <Stat.HelpText>{item.help}</Stat.HelpText>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PaidTrends() {
  const query = useQuery(PERFORMANCE_TRENDS_QUERY, {
    variables: { timeZone: browserTimeZone() },
    fetchPolicy: 'cache-and-network',
  });
  const trends = query.data?.performanceTrends;
  if (!trends && query.error)
    return (
      <LoadErrorAlert
        title="Your performance trends could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (!trends)
    return (
      <Stack gap="4" aria-busy="true" aria-label="Loading performance trends">
        <Skeleton height="64" rounded="lg" />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Skeleton height="20" rounded="lg" />
          <Skeleton height="20" rounded="lg" />
          <Skeleton height="20" rounded="lg" />
        </SimpleGrid>
      </Stack>
    );
  if (!hasData(trends))
    return (
      <Text color="fg.muted" py="8" textAlign="center">
        {NO_TRENDS_TEXT}
      </Text>
    );
  return <TrendsChart trends={trends} />;
}

/** A free rider sees what the section holds, locked behind an upgrade (spec sections 2 and 6). */
const LockedTrends = () => (
  <ProLockedPanel
    title="Performance trends are a Pro feature"
    text="See your power, heart rate and cadence week by week over 12 weeks, and how much you improved."
  />
);

/** The dashboard's Performance Trends section. */
export function PerformanceTrends({ free }: { free: boolean }) {
  return (
    <Card.Root as="section" aria-labelledby="performance-trends-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="performance-trends-heading">
          Performance Trends
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Weekly averages weighted by riding time, last 12 weeks
        </Text>
      </Card.Header>
      <Card.Body>{free ? <LockedTrends /> : <PaidTrends />}</Card.Body>
    </Card.Root>
  );
}
