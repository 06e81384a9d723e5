import { Center, Text, useBreakpointValue } from '@chakra-ui/react';
import { ResponsiveLine } from '@nivo/line';
import { chartTheme, tickWeeks, weekLabel } from '../chart-theme';
import { hasValues, type WeeklySeries } from '../weekly-series';
import { ChartTooltip } from './ChartFrame';

/**
 * One weekly series, in one unit: a line chart (an area chart with `area`) with the week's Monday
 * on the x axis and the unit on the y axis. Series in other units get charts of their own (small
 * multiples), so no axis mixes units. Its title is the frame's, outside the SVG, so no legend is
 * drawn (and none can be cut off). A series without any value shows `emptyText` instead: nivo
 * would draw it as a broken path.
 */
export function WeeklyLineChart({
  series,
  yLegend,
  label,
  area = false,
  fromZero = true,
  compact = false,
  emptyText,
}: {
  series: WeeklySeries;
  yLegend: string;
  /** the chart's accessible name (its svg is an image) */
  label: string;
  area?: boolean;
  /** amounts (miles, feet) start their axis at 0; rates (watts, bpm) fit it to the values */
  fromZero?: boolean;
  /** a small chart among others: every third week labelled, as on a phone */
  compact?: boolean;
  /** shown instead of the chart when no week has a value */
  emptyText: string;
}) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const weeks = series.values.map((v) => v.week);
  if (!hasValues(series))
    return (
      <Center height="full" borderWidth="1px" borderStyle="dashed" rounded="lg" px="4">
        <Text color="fg.muted" textAlign="center" fontSize="sm">
          {emptyText}
        </Text>
      </Center>
    );
  return (
    <ResponsiveLine
      data={[{ id: series.id, data: series.values.map((v) => ({ x: v.week, y: v.value })) }]}
      colors={[series.color]}
      theme={chartTheme}
      margin={{ top: 16, right: 28, bottom: narrow ? 64 : 56, left: 64 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: fromZero ? 0 : 'auto', max: 'auto', nice: true }}
      enableArea={area}
      areaOpacity={0.35}
      curve="monotoneX"
      lineWidth={area ? 2 : 3}
      pointSize={narrow || compact ? 6 : 8}
      pointBorderWidth={2}
      pointBorderColor={{ from: 'seriesColor' }}
      pointColor="#ffffff"
      enableSlices="x"
      enableTouchCrosshair
      animate={false}
      axisBottom={{
        tickValues: tickWeeks(weeks, narrow || compact),
        format: (week: string) => weekLabel(week),
        tickRotation: narrow ? -40 : 0,
        legend: 'Week starting',
        legendOffset: narrow ? 52 : 44,
        legendPosition: 'middle',
      }}
      axisLeft={{ legend: yLegend, legendOffset: -52, legendPosition: 'middle', tickValues: 5 }}
      sliceTooltip={({ slice }) => {
        const week = String(slice.points[0]?.data.x ?? '');
        const value = series.values.find((v) => v.week === week)?.value ?? null;
        return (
          <ChartTooltip
            title={`Week of ${weekLabel(week)}`}
            rows={[
              {
                label: series.id,
                value: value === null ? 'no data' : series.format(value),
                color: series.color,
              },
            ]}
          />
        );
      }}
      role="img"
      ariaLabel={label}
    />
  );
}
