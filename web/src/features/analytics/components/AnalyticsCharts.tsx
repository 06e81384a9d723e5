import { Icon, Stack, Tabs, Text } from '@chakra-ui/react';
import type { LifetimeAnalyticsDto } from '@domestique/proto';
import { formatDuration, formatTwoDecimals } from '../../../app/format';
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
                summary="Miles ridden each week over the last 12 weeks."
              >
                <WeeklyLineChart
                  label="Weekly distance in miles over the last 12 weeks"
                  yLegend="Distance (mi)"
                  emptyText={NO_WEEKLY_RIDES}
                  series={{
                    id: 'Distance',
                    color: CHART_COLORS.blue,
                    format: (v) => `${formatTwoDecimals(v)} mi`,
                    values: weeks.map((w) => ({ week: w.week, value: w.distance })),
                  }}
                />
              </ChartFrame>
              <ChartFrame
                id="weekly-speed"
                title="Average speed"
                summary="Each week's distance over its moving time; weeks without rides have no point."
              >
                <WeeklyLineChart
                  label="Weekly average speed in mph over the last 12 weeks"
                  yLegend="Speed (mph)"
                  emptyText="No moving time recorded in the last 12 weeks"
                  series={{
                    id: 'Avg speed',
                    color: CHART_COLORS.orange,
                    format: (v) => `${formatTwoDecimals(v)} mph`,
                    values: weeks.map((w) => ({ week: w.week, value: w.avgSpeed })),
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
                summary="Feet climbed each week over the last 12 weeks."
              >
                <WeeklyLineChart
                  label="Elevation in feet by week over the last 12 weeks"
                  area
                  yLegend="Elevation (ft)"
                  emptyText={NO_WEEKLY_RIDES}
                  series={{
                    id: 'Elevation (ft)',
                    color: CHART_COLORS.green,
                    format: (v) => `${formatTwoDecimals(v)} ft`,
                    values: weeks.map((w) => ({ week: w.week, value: w.elevation })),
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
