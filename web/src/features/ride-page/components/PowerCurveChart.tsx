import { Box, Text, useBreakpointValue } from '@chakra-ui/react';
import type { BestPowerCurveDto, PowerCurvePointDto } from '@domestique/proto';
import { ResponsiveLine } from '@nivo/line';
import { formatWhole } from '../../../app/format';
import { CHART_COLORS, chartTheme } from '../../analytics/chart-theme';
import { ChartTooltip } from '../../analytics/components/ChartFrame';
import { formatEffortDuration } from '../units';

const TICKS = [1, 5, 15, 60, 300, 1200, 3600, 14400];
const SHORT_TICK: Record<number, string> = {
  1: '1s',
  5: '5s',
  15: '15s',
  60: '1m',
  300: '5m',
  1200: '20m',
  3600: '1h',
  14400: '4h',
};

const THIS_RIDE = 'This ride';
const BEST = '90-day best';

/**
 * The ride's power-duration curve (its best average power for each duration) against the rider's
 * best of the 90 days up to it, on a logarithmic duration axis.
 */
export function PowerCurveChart({
  curve,
  best,
}: {
  curve: readonly PowerCurvePointDto[];
  best: BestPowerCurveDto | null;
}) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  if (curve.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        No power-duration curve: this ride has no power-meter data.
      </Text>
    );
  const longest = curve[curve.length - 1]!.durationSeconds;
  const data = [
    ...(best
      ? [
          {
            id: BEST,
            data: best.points
              .filter((p) => p.durationSeconds <= longest)
              .map((p) => ({ x: p.durationSeconds, y: p.watts })),
          },
        ]
      : []),
    { id: THIS_RIDE, data: curve.map((p) => ({ x: p.durationSeconds, y: p.watts })) },
  ];
  const ticks = TICKS.filter((tick) => tick <= longest && tick >= (curve[0]?.durationSeconds ?? 1));
  return (
    <Box height={{ base: '64', md: '80' }} data-testid="power-curve-chart">
      <ResponsiveLine
        data={data}
        colors={(serie) => (serie.id === BEST ? CHART_COLORS.orange : CHART_COLORS.blue)}
        theme={chartTheme}
        margin={{ top: 16, right: 16, bottom: 48, left: 56 }}
        xScale={{ type: 'log', base: 10, min: curve[0]!.durationSeconds, max: longest }}
        yScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
        curve="monotoneX"
        lineWidth={2}
        pointSize={narrow ? 0 : 5}
        enableSlices="x"
        enableTouchCrosshair
        animate={false}
        axisBottom={{
          tickValues: ticks,
          format: (value: number) => SHORT_TICK[value] ?? formatEffortDuration(value),
          legend: 'Duration',
          legendOffset: 38,
          legendPosition: 'middle',
        }}
        axisLeft={{ legend: 'Power (W)', legendOffset: -46, legendPosition: 'middle', tickValues: 5 }}
        legends={[
          {
            anchor: 'top-right',
            direction: 'column',
            itemWidth: 100,
            itemHeight: 18,
            symbolSize: 10,
            translateX: 0,
            translateY: 0,
          },
        ]}
        sliceTooltip={({ slice }) => {
          const seconds = Number(slice.points[0]?.data.x ?? 0);
          return (
            <ChartTooltip
              title={formatEffortDuration(seconds)}
              rows={slice.points.map((point) => ({
                label: String(point.seriesId),
                value: `${formatWhole(Number(point.data.y))} W`,
                color: point.seriesColor,
              }))}
            />
          );
        }}
        role="img"
        ariaLabel={`Power-duration curve of this ride${best ? ' against your 90-day best' : ''}`}
      />
    </Box>
  );
}
