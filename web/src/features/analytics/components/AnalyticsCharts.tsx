import { Stack, Tabs } from '@chakra-ui/react';
import type { LifetimeAnalyticsDto } from '@domestique/proto';
import { formatDuration, formatTwoDecimals } from '../../rides/format';
import { CHART_COLORS } from '../chart-theme';
import { ChartFrame } from './ChartFrame';
import { PowerZonesChart } from './PowerZonesChart';
import { WeeklyLineChart } from './WeeklyLineChart';

/** The three tabs of spec section 2: Progress Trends, Power Zones, Performance. */
export function AnalyticsCharts({ analytics }: { analytics: LifetimeAnalyticsDto }) {
  const weeks = analytics.weeklyProgress;
  return (
    <Tabs.Root defaultValue="progress" variant="enclosed" lazyMount>
      <Tabs.List overflowX="auto" maxW="full">
        <Tabs.Trigger value="progress">Progress Trends</Tabs.Trigger>
        <Tabs.Trigger value="zones">Power Zones</Tabs.Trigger>
        <Tabs.Trigger value="performance">Performance</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="progress">
        <Stack gap="8" bg="bg" borderWidth="1px" rounded="lg" p={{ base: '3', md: '6' }}>
          <ChartFrame
            id="weekly-distance"
            title="Weekly distance"
            summary="Miles ridden each week over the last 12 weeks."
          >
            <WeeklyLineChart
              label="Weekly distance in miles over the last 12 weeks"
              yLegend="Distance (mi)"
              series={[
                {
                  id: 'Distance',
                  color: CHART_COLORS.blue,
                  format: (v) => `${formatTwoDecimals(v)} mi`,
                  values: weeks.map((w) => ({ week: w.week, value: w.distance })),
                },
              ]}
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
              series={[
                {
                  id: 'Avg speed',
                  color: CHART_COLORS.orange,
                  format: (v) => `${formatTwoDecimals(v)} mph`,
                  values: weeks.map((w) => ({ week: w.week, value: w.avgSpeed })),
                },
              ]}
            />
          </ChartFrame>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="zones">
        <Stack bg="bg" borderWidth="1px" rounded="lg" p={{ base: '3', md: '6' }}>
          <PowerZonesChart zones={analytics.performanceZones} source={analytics.zoneSource} />
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="performance">
        <Stack bg="bg" borderWidth="1px" rounded="lg" p={{ base: '3', md: '6' }}>
          <ChartFrame
            id="weekly-load"
            title="Elevation and time by week"
            summary="Stacked: feet climbed and minutes ridden each week over the last 12 weeks."
          >
            <WeeklyLineChart
              label="Elevation in feet and riding time in minutes by week, stacked"
              stacked
              yLegend="Feet + minutes"
              series={[
                {
                  id: 'Elevation (ft)',
                  color: CHART_COLORS.green,
                  format: (v) => `${formatTwoDecimals(v)} ft`,
                  values: weeks.map((w) => ({ week: w.week, value: w.elevation })),
                },
                {
                  id: 'Time (min)',
                  color: CHART_COLORS.purple,
                  format: (v) => formatDuration(v * 60),
                  values: weeks.map((w) => ({ week: w.week, value: Math.round(w.time / 60) })),
                },
              ]}
            />
          </ChartFrame>
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  );
}
