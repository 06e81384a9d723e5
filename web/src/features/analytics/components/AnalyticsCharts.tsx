import { Icon, Stack, Tabs, Text } from '@chakra-ui/react';
import type { LifetimeAnalyticsDto } from '@domestique/proto';
import { formatDuration, formatTwoDecimals, sentence } from '../../../app/format';
import { axisLabel, fromImperial, UNIT_WORDS } from '../../../app/units/units';
import { useUnits } from '../../../app/units/use-units';
import { MdDirectionsBike } from 'react-icons/md';
import { CHART_COLORS } from '../chart-theme';
import { hasRiddenWeeks } from '../weekly-series';
import { ChartFrame } from './ChartFrame';
import { PowerZonesChart } from './PowerZonesChart';
import { WeeklyLineChart } from './WeeklyLineChart';

const NO_WEEKLY_RIDES = 'No rides in the last 12 weeks';

/** What the weekly tabs show instead of flat, empty charts. */
function NoWeeklyRides() {
  return (
    <Stack align="center" textAlign="center" gap="2" py="12" px="4">
      <Icon as={MdDirectionsBike} boxSize="8" color="fg.subtle" aria-hidden />
      <Text fontWeight="semibold">{NO_WEEKLY_RIDES}</Text>
      <Text color="fg.muted" maxW="md">
        Your weekly distance, speed, elevation and riding time show here once you have synced rides from
        Strava.
      </Text>
    </Stack>
  );
}

/**
 * The three tabs of spec section 2: Progress Trends, Power Zones, Performance. Each chart has one
 * unit; the Performance tab draws elevation and time one under the other on the same weeks.
 */
export function AnalyticsCharts({ analytics }: { analytics: LifetimeAnalyticsDto }) {
  const weeks = analytics.weeklyProgress;
  const ridden = hasRiddenWeeks(weeks);
  // the weekly series come in miles, mph and feet (spec section 7): drawn in the rider's units
  const { system, q } = useUnits();
  const words = UNIT_WORDS[system];
  const series = (
    quantity: 'distance' | 'elevation' | 'speed',
    value: (w: (typeof weeks)[number]) => number | null,
  ) => ({
    format: (v: number) => `${formatTwoDecimals(v)} ${q[quantity].unit}`,
    values: weeks.map((w) => {
      const v = value(w);
      return { week: w.week, value: v === null ? null : fromImperial(system, quantity, v) };
    }),
  });
  return (
    <Tabs.Root defaultValue="progress" variant="enclosed" lazyMount>
      <Tabs.List overflowX="auto" maxW="full">
        <Tabs.Trigger value="progress">Progress Trends</Tabs.Trigger>
        <Tabs.Trigger value="zones">Power Zones</Tabs.Trigger>
        <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="progress">
        <Stack gap="8" bg="bg" borderWidth="1px" rounded="lg" p={{ base: '3', md: '6' }}>
          {ridden ? (
            <>
              <ChartFrame
                id="weekly-distance"
                title="Weekly distance"
                summary={`${sentence(words.distance)} ridden each week over the last 12 weeks.`}
              >
                <WeeklyLineChart
                  label={`Weekly distance in ${words.distance} over the last 12 weeks`}
                  yLegend={axisLabel('Distance', 'distance', system)}
                  emptyText={NO_WEEKLY_RIDES}
                  series={{
                    id: 'Distance',
                    color: CHART_COLORS.blue,
                    ...series('distance', (w) => w.distance),
                  }}
                />
              </ChartFrame>
              <ChartFrame
                id="weekly-speed"
                title="Average speed"
                summary="Each week's distance over its moving time; weeks without rides have no point."
              >
                <WeeklyLineChart
                  label={`Weekly average speed in ${words.speed} over the last 12 weeks`}
                  yLegend={axisLabel('Speed', 'speed', system)}
                  emptyText="No moving time recorded in the last 12 weeks"
                  series={{
                    id: 'Avg speed',
                    color: CHART_COLORS.orange,
                    ...series('speed', (w) => w.avgSpeed),
                  }}
                />
              </ChartFrame>
            </>
          ) : (
            <NoWeeklyRides />
          )}
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="zones">
        <Stack bg="bg" borderWidth="1px" rounded="lg" p={{ base: '3', md: '6' }}>
          <PowerZonesChart zones={analytics.performanceZones} source={analytics.zoneSource} />
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="performance">
        <Stack gap="8" bg="bg" borderWidth="1px" rounded="lg" p={{ base: '3', md: '6' }}>
          {ridden ? (
            <>
              <ChartFrame
                id="weekly-elevation"
                title="Elevation by week"
                summary={`${sentence(words.elevation)} climbed each week over the last 12 weeks.`}
              >
                <WeeklyLineChart
                  label={`Elevation in ${words.elevation} by week over the last 12 weeks`}
                  area
                  yLegend={axisLabel('Elevation', 'elevation', system)}
                  emptyText={NO_WEEKLY_RIDES}
                  series={{
                    id: axisLabel('Elevation', 'elevation', system),
                    color: CHART_COLORS.green,
                    ...series('elevation', (w) => w.elevation),
                  }}
                />
              </ChartFrame>
              <ChartFrame
                id="weekly-time"
                title="Riding time by week"
                summary="Minutes ridden each week over the last 12 weeks."
              >
                <WeeklyLineChart
                  label="Riding time in minutes by week over the last 12 weeks"
                  area
                  yLegend="Time (min)"
                  emptyText={NO_WEEKLY_RIDES}
                  series={{
                    id: 'Time (min)',
                    color: CHART_COLORS.purple,
                    format: (v) => formatDuration(v * 60),
                    values: weeks.map((w) => ({ week: w.week, value: Math.round(w.time / 60) })),
                  }}
                />
              </ChartFrame>
            </>
          ) : (
            <NoWeeklyRides />
          )}
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}
