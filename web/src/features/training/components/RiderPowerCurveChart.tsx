import { Box, useBreakpointValue } from '@chakra-ui/react';
import type { PowerCurveDto } from '@domestique/proto';
import { ResponsiveLine } from '@nivo/line';
import { useNavigate } from 'react-router';
import { CHART_COLORS, chartTheme } from '../../analytics/chart-theme';
import { ChartTooltip } from '../../analytics/components/ChartFrame';
import { rideHref } from '../../ride-page/ride-link';
import { formatEffortDuration } from '../../ride-page/units';
import { dayLabel } from '../load-ranges';
import { curveDomain, curveTickLabel, curveTicks } from '../power-axis';
import { curveValue, formatCurveValue, type CurveUnit } from '../curve-values';

type Series = {
  id: string;
  data: { x: number; y: number; rideId: string; date: string }[];
};

export interface CurveLine {
  label: string;
  curve: PowerCurveDto;
}

const LINE_COLORS = [CHART_COLORS.vermillion, CHART_COLORS.blue];

/**
 * The rider's best power for each duration on a logarithmic time axis (1 s to 5 h), one line per
 * period. A point opens the ride that set it (the efforts table below the chart does the same by
 * keyboard).
 */
export function RiderPowerCurveChart({ lines, unit }: { lines: readonly CurveLine[]; unit: CurveUnit }) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const navigate = useNavigate();
  const data: Series[] = lines.map(({ label, curve }) => ({
    id: label,
    data: curve.points.flatMap((p) => {
      const y = curveValue(p, unit);
      return y === null ? [] : [{ x: p.durationS, y, rideId: p.rideId, date: p.date }];
    }),
  }));
  const domain = curveDomain(data.flatMap((s) => s.data.map((d) => d.x)));
  return (
    <Box height={{ base: '64', md: '80' }} data-testid="rider-power-curve-chart">
      <ResponsiveLine<Series>
        data={data}
        colors={LINE_COLORS.slice(0, data.length)}
        theme={chartTheme}
        margin={{ top: 16, right: 16, bottom: 48, left: 56 }}
        xScale={{ type: 'log', base: 10, min: domain[0], max: domain[1] }}
        yScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
        curve="monotoneX"
        lineWidth={2.5}
        pointSize={narrow ? 4 : 6}
        pointColor="#ffffff"
        pointBorderWidth={2}
        pointBorderColor={{ from: 'seriesColor' }}
        useMesh
        enableTouchCrosshair
        animate={false}
        onClick={(datum) => {
          if ('data' in datum && 'rideId' in datum.data) void navigate(rideHref(datum.data.rideId));
        }}
        gridXValues={curveTicks(domain)}
        axisBottom={{
          tickValues: curveTicks(domain),
          format: (value: number) => curveTickLabel(value),
          legend: 'Duration (log scale)',
          legendOffset: 38,
          legendPosition: 'middle',
        }}
        axisLeft={{
          legend: unit === 'wkg' ? 'Power (W/kg)' : 'Power (W)',
          legendOffset: -46,
          legendPosition: 'middle',
          tickValues: 5,
        }}
        tooltip={({ point }) => (
          <ChartTooltip
            title={`${formatEffortDuration(point.data.x)} · ${dayLabel(point.data.date, true)}`}
            rows={[
              {
                label: String(point.seriesId),
                value: formatCurveValue(point.data.y, unit),
                color: point.seriesColor,
              },
            ]}
          />
        )}
        role="img"
        ariaLabel={`Power-duration curve${lines.length > 1 ? `s: ${lines.map((l) => l.label).join(' against ')}` : ''}`}
      />
    </Box>
  );
}
