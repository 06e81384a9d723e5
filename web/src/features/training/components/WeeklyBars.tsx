import { useBreakpointValue } from '@chakra-ui/react';
import type { TrainingWeekDto } from '@domestique/proto';
import { ResponsiveBar } from '@nivo/bar';
import { formatWhole } from '../../../app/format';
import { CHART_COLORS, chartTheme, weekLabel } from '../../analytics/chart-theme';
import { ChartTooltip } from '../../analytics/components/ChartFrame';

const MEASURES = {
  load: { label: 'Load (TSS)', color: CHART_COLORS.blue, format: (v: number) => `${formatWhole(v)} TSS` },
  hours: { label: 'Hours', color: CHART_COLORS.green, format: (v: number) => `${v.toFixed(1)} h` },
} as const;

/** Every week's load or riding hours as bars, one chart per unit (Monday to Sunday weeks). */
export function WeeklyBars({
  weeks,
  measure,
}: {
  weeks: readonly TrainingWeekDto[];
  measure: 'load' | 'hours';
}) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const { label, color, format } = MEASURES[measure];
  const data = weeks.map((week) => ({ week: week.weekStart, value: week[measure] }));
  // a label every few weeks (the newest always): about 4 on a phone, 6 on a wider screen (the charts
  // sit side by side there)
  const every = Math.max(1, Math.ceil(weeks.length / (narrow ? 4 : 6)));
  const shown = data.map((d) => d.week).filter((_, index) => (data.length - 1 - index) % every === 0);
  return (
    <ResponsiveBar
      data={data}
      keys={['value']}
      indexBy="week"
      colors={[color]}
      theme={chartTheme}
      margin={{ top: 12, right: 28, bottom: narrow ? 56 : 44, left: 52 }}
      padding={0.2}
      borderRadius={2}
      enableLabel={false}
      axisBottom={{ tickValues: shown, format: weekLabel, tickRotation: narrow ? -40 : 0 }}
      axisLeft={{ legend: label, legendOffset: -42, legendPosition: 'middle', tickValues: 4 }}
      tooltip={({ data: datum }) => (
        <ChartTooltip
          title={`Week of ${weekLabel(String(datum.week))}`}
          rows={[{ label, value: format(Number(datum.value)), color }]}
        />
      )}
      role="img"
      ariaLabel={`${label} by week`}
      barAriaLabel={(bar) => `Week of ${weekLabel(String(bar.indexValue))}: ${format(bar.value ?? 0)}`}
      animate={false}
    />
  );
}
