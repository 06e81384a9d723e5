import { useBreakpointValue } from '@chakra-ui/react';
import { ResponsiveLine } from '@nivo/line';
import { chartTheme, tickWeeks, weekLabel } from '../chart-theme';
import { ChartTooltip } from './ChartFrame';

export interface WeeklySeries {
  id: string;
  color: string;
  /** formats a value with its unit for the tooltip ("12.40 mi") */
  format: (value: number) => string;
  values: { week: string; value: number | null }[];
}

/**
 * Weekly series over the same weeks: a line chart (an area chart with `stacked`), with the week's
 * Monday on the x axis, the unit on the y axis and one tooltip per week listing every series.
 */
export function WeeklyLineChart({
  series,
  yLegend,
  label,
  stacked = false,
}: {
  series: WeeklySeries[];
  yLegend: string;
  /** the chart's accessible name (its svg is an image) */
  label: string;
  stacked?: boolean;
}) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const weeks = series[0]?.values.map((v) => v.week) ?? [];
  return (
    <ResponsiveLine
      data={series.map((s) => ({ id: s.id, data: s.values.map((v) => ({ x: v.week, y: v.value })) }))}
      colors={series.map((s) => s.color)}
      theme={chartTheme}
      margin={{ top: 16, right: 32, bottom: narrow ? 64 : 56, left: 64 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto', stacked }}
      enableArea={stacked}
      areaOpacity={stacked ? 0.55 : 0.2}
      curve="monotoneX"
      lineWidth={stacked ? 2 : 3}
      pointSize={narrow ? 6 : 8}
      pointBorderWidth={2}
      pointBorderColor={{ from: 'serieColor' }}
      pointColor="#ffffff"
      enableSlices="x"
      enableTouchCrosshair
      animate={false}
      axisBottom={{
        tickValues: tickWeeks(weeks, narrow),
        format: (week: string) => weekLabel(week),
        tickRotation: narrow ? -40 : 0,
        legend: 'Week starting',
        legendOffset: narrow ? 52 : 44,
        legendPosition: 'middle',
      }}
      axisLeft={{ legend: yLegend, legendOffset: -52, legendPosition: 'middle', tickValues: 5 }}
      sliceTooltip={({ slice }) => {
        const week = String(slice.points[0]?.data.x ?? '');
        return (
          <ChartTooltip
            title={`Week of ${weekLabel(week)}`}
            rows={series.map((s) => {
              const value = s.values.find((v) => v.week === week)?.value ?? null;
              return { label: s.id, value: value === null ? 'no data' : s.format(value), color: s.color };
            })}
          />
        );
      }}
      legends={[
        {
          anchor: 'top-left',
          direction: 'row',
          translateY: -16,
          itemWidth: 140,
          itemHeight: 16,
          symbolShape: 'circle',
          symbolSize: 10,
        },
      ]}
      role="img"
      ariaLabel={label}
    />
  );
}
