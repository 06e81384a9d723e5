import '../../../app/zod-jitless';
import { Box, useBreakpointValue } from '@chakra-ui/react';
import { formBand, FORM_BANDS, type TrainingLoadDayDto } from '@domestique/proto';
import { ResponsiveLine, type LineCustomSvgLayerProps } from '@nivo/line';
import { formatWhole } from '../../../app/format';
import { chartTheme } from '../../analytics/chart-theme';
import { ChartTooltip } from '../../analytics/components/ChartFrame';
import { FORM_BAND_COLORS, formAxis, visibleFormBands } from '../form-bands';
import { dayLabel } from '../load-ranges';
import { dateDay, dateTickFormat, dateTickSpec, dayDate, SERIES_COLORS, signed } from '../load-series';

/**
 * The performance-management charts: fitness (CTL) and fatigue (ATL) over the day's load, and form
 * (TSB) over its bands below, on the same days. Two charts, because form is read against its own
 * scale (the bands) while fitness and fatigue share the load's (TSS a day).
 */

type Series = { id: string; data: { x: Date; y: number }[] };

const byDay = (days: readonly TrainingLoadDayDto[]) => new Map(days.map((d) => [d.date, d]));

const timeAxis = (days: readonly TrainingLoadDayDto[], narrow: boolean) => {
  const spec = dateTickSpec(days.length, narrow);
  return {
    xScale: { type: 'time', format: 'native', useUTC: true, precision: 'day' } as const,
    axisBottom: { tickValues: spec, format: dateTickFormat(spec), tickRotation: narrow ? -40 : 0 },
  };
};

/** The day's load as thin bars behind the lines; estimated days (no power nor heart rate) in orange. */
export function loadBarsLayer(days: readonly TrainingLoadDayDto[]) {
  return function LoadBars({ xScale, yScale, innerWidth }: LineCustomSvgLayerProps<Series>) {
    const width = Math.max(1, (innerWidth / Math.max(1, days.length)) * 0.7);
    const base = yScale(0 as never);
    return (
      <g aria-hidden>
        {days
          .filter((d) => d.load > 0)
          .map((d) => {
            const x = xScale(dayDate(d.date) as never);
            const top = yScale(d.load as never);
            return (
              <rect
                key={d.date}
                data-estimated={d.estimated || undefined}
                x={x - width / 2}
                y={top}
                width={width}
                height={Math.max(0, base - top)}
                fill={d.estimated ? SERIES_COLORS.estimated : SERIES_COLORS.load}
                opacity={d.estimated ? 0.8 : 1}
              />
            );
          })}
      </g>
    );
  };
}

/** Fitness and fatigue over the daily load. */
export function FitnessChart({ days }: { days: readonly TrainingLoadDayDto[] }) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const lookup = byDay(days);
  const data: Series[] = [
    { id: 'Fitness (CTL)', data: days.map((d) => ({ x: dayDate(d.date), y: d.ctl })) },
    { id: 'Fatigue (ATL)', data: days.map((d) => ({ x: dayDate(d.date), y: d.atl })) },
  ];
  const top = Math.max(10, ...days.map((d) => Math.max(d.ctl, d.atl, d.load)));
  const { xScale, axisBottom } = timeAxis(days, narrow);
  return (
    <Box height={{ base: '64', md: '72' }} data-testid="fitness-chart">
      <ResponsiveLine<Series>
        data={data}
        colors={[SERIES_COLORS.fitness, SERIES_COLORS.fatigue]}
        theme={chartTheme}
        margin={{ top: 12, right: 16, bottom: narrow ? 56 : 40, left: 52 }}
        xScale={xScale}
        yScale={{ type: 'linear', min: 0, max: Math.ceil(top * 1.05), nice: true }}
        curve="monotoneX"
        lineWidth={2.5}
        enablePoints={false}
        enableSlices="x"
        enableTouchCrosshair
        animate={false}
        layers={['grid', loadBarsLayer(days), 'axes', 'lines', 'crosshair', 'slices']}
        axisBottom={axisBottom}
        axisLeft={{ legend: 'TSS / day', legendOffset: -42, legendPosition: 'middle', tickValues: 5 }}
        sliceTooltip={({ slice }) => {
          const day = dateDay(slice.points[0]!.data.x);
          const found = lookup.get(day);
          return (
            <ChartTooltip
              title={dayLabel(day, true)}
              rows={[
                ...slice.points.map((point) => ({
                  label: String(point.seriesId),
                  value: formatWhole(point.data.y),
                  color: point.seriesColor,
                })),
                {
                  label: found?.estimated ? 'Load (estimated)' : 'Load',
                  value: `${formatWhole(found?.load ?? 0)} TSS`,
                  color: found?.estimated ? SERIES_COLORS.estimated : SERIES_COLORS.load,
                },
              ]}
            />
          );
        }}
        role="img"
        ariaLabel="Fitness and fatigue by day, over each day's training load"
      />
    </Box>
  );
}

/** The form bands behind the form line. */
export function bandsLayer(low: number, high: number) {
  return function FormBands({ yScale, innerWidth }: LineCustomSvgLayerProps<Series>) {
    return (
      <g aria-hidden data-testid="form-bands">
        {visibleFormBands(low, high).map((band) => {
          const y = yScale(band.to as never);
          return (
            <rect
              key={band.key}
              data-band={band.key}
              x={0}
              y={y}
              width={innerWidth}
              height={Math.max(0, yScale(band.from as never) - y)}
              fill={band.color}
              opacity={0.18}
            />
          );
        })}
      </g>
    );
  };
}

/** Form by day over the intervals.icu bands. */
export function FormChart({ days }: { days: readonly TrainingLoadDayDto[] }) {
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const [low, high] = formAxis(days.map((d) => d.tsb));
  const { xScale, axisBottom } = timeAxis(days, narrow);
  const data: Series[] = [{ id: 'Form (TSB)', data: days.map((d) => ({ x: dayDate(d.date), y: d.tsb })) }];
  return (
    <Box height={{ base: '56', md: '64' }} data-testid="form-chart">
      <ResponsiveLine<Series>
        data={data}
        colors={[SERIES_COLORS.form]}
        theme={chartTheme}
        margin={{ top: 12, right: 16, bottom: narrow ? 56 : 40, left: 52 }}
        xScale={xScale}
        yScale={{ type: 'linear', min: low, max: high }}
        curve="monotoneX"
        lineWidth={2}
        enablePoints={false}
        enableSlices="x"
        enableTouchCrosshair
        animate={false}
        layers={[bandsLayer(low, high), 'grid', 'markers', 'axes', 'lines', 'crosshair', 'slices']}
        markers={[
          { axis: 'y', value: 0, lineStyle: { stroke: '#40506d', strokeWidth: 1, strokeDasharray: '4 4' } },
        ]}
        gridYValues={FORM_BANDS.flatMap((band) => (band.min === null ? [] : [band.min]))}
        axisBottom={axisBottom}
        axisLeft={{
          legend: 'Form (TSB)',
          legendOffset: -42,
          legendPosition: 'middle',
          tickValues: FORM_BANDS.flatMap((band) => (band.min === null ? [] : [band.min])),
          format: (value: number) => signed(value),
        }}
        sliceTooltip={({ slice }) => {
          const point = slice.points[0]!;
          const band = formBand(point.data.y);
          return (
            <ChartTooltip
              title={dayLabel(dateDay(point.data.x), true)}
              rows={[
                {
                  label: 'Form (TSB)',
                  value: `${signed(point.data.y)} · ${FORM_BANDS.find((b) => b.key === band)!.label}`,
                  color: FORM_BAND_COLORS[band],
                },
              ]}
            />
          );
        }}
        role="img"
        ariaLabel="Form by day, over the transition, fresh, grey, optimal and high-risk bands"
      />
    </Box>
  );
}
