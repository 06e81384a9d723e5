import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { RideIntervalDto, RideStreamSeriesDto } from '@domestique/proto';
import {
  memo,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import {
  PLOT_HEIGHT,
  PLOT_WIDTH,
  fractionOf,
  linePath,
  niceTicks,
  timeTicks,
  valueAt,
  yRange,
  type Domain,
} from '../chart-geometry';
import { indexRange, nearestIndex, type Channel } from '../series';
import {
  axisView,
  channelsOf,
  clampRange,
  intervalSpan,
  zoomAround,
  type AxisView,
  type ChannelSpec,
  type TimeRange,
  type XAxisKind,
} from '../stream-view';
import { formatClock, formatQuantity, formatTick, type Quantity } from '../units';
import { useUnits } from '../../../app/units/use-units';

/** Keyboard steps: an arrow moves the cursor 1% of the visible span, with Shift 10%. */
const STEP = 0.01;
const BIG_STEP = 0.1;
/** A drag narrower than this share of the chart is a tap, not a range. */
const MIN_DRAG = 0.01;

interface StreamChartsProps {
  /** what is drawn: the display series, or every sample while zoomed once they are loaded */
  series: RideStreamSeriesDto;
  intervals: readonly RideIntervalDto[];
  axisKind: XAxisKind;
  onAxisKindChange: (kind: XAxisKind) => void;
  /** the zoomed time range; null shows the whole ride */
  view: TimeRange | null;
  onViewChange: (view: TimeRange | null) => void;
  /** the shared cursor, seconds of the time axis */
  cursor: number | null;
  onCursorChange: (seconds: number | null) => void;
}

/** The x axis' tick positions for the visible domain. */
const axisTicks = (kind: XAxisKind, domain: Domain, distance: Quantity): { x: number; label: string }[] => {
  if (kind === 'time') return timeTicks(domain.from, domain.to, 5).map((x) => ({ x, label: formatClock(x) }));
  const { convert } = distance;
  const perUnit = 1 / convert(1);
  return niceTicks(convert(domain.from), convert(domain.to), 5).map((value) => ({
    x: value * perUnit,
    label: formatTick(value),
  }));
};

interface PlotProps {
  spec: ChannelSpec;
  values: Channel;
  view: AxisView;
  first: number;
  last: number;
  highlights: readonly Domain[];
}

/** One channel's plot: its line, the intervals shaded behind it, its unit and range in the corner. */
const Plot = memo(function Plot({ spec, values, view, first, last, highlights }: PlotProps) {
  const quantity = useUnits().q[spec.quantity];
  const range = useMemo(
    () => yRange(values, first, last, spec.fromZero),
    [values, first, last, spec.fromZero],
  );
  const path = useMemo(
    () => linePath(view.axis, values, first, last, view.domain, range),
    [view, values, first, last, range],
  );
  const label = (si: number) => `${formatTick(quantity.convert(si))} ${quantity.unit}`;
  return (
    <Box
      position="relative"
      height={{ base: '16', md: '20' }}
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <svg
        viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height="100%"
        aria-hidden="true"
        style={{ display: 'block', overflow: 'hidden' }}
        data-testid={`stream-chart-${spec.key}`}
      >
        {highlights.map((span) => {
          const x0 = fractionOf(view.domain, span.from) * PLOT_WIDTH;
          const x1 = fractionOf(view.domain, span.to) * PLOT_WIDTH;
          return (
            <rect
              key={`${span.from}-${span.to}`}
              x={x0}
              width={Math.max(1, x1 - x0)}
              y={0}
              height={PLOT_HEIGHT}
              fill="#E69F00"
              fillOpacity={0.18}
              data-testid="interval-highlight"
            />
          );
        })}
        <path
          d={path}
          fill="none"
          stroke={spec.color}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
        />
      </svg>
      <Text
        position="absolute"
        top="0.5"
        left="1"
        fontSize="xs"
        fontWeight="semibold"
        color="fg"
        bg="bg/80"
        px="1"
        rounded="sm"
        pointerEvents="none"
      >
        {spec.label}{' '}
        <Text as="span" fontWeight="normal" color="fg.muted">
          (max {label(range[1])})
        </Text>
      </Text>
    </Box>
  );
});

/** The values of every channel at the cursor, and where it is. */
function Readout({ series, cursor }: { series: RideStreamSeriesDto; cursor: number | null }) {
  const index = cursor === null ? -1 : nearestIndex(series.time, cursor);
  const at = (values: Channel | undefined) => (index >= 0 && values ? values[index] : undefined);
  const UNITS = useUnits().q;
  const where =
    index < 0
      ? 'Hover, touch or focus the charts'
      : [
          formatClock(series.time[index]!),
          series.distance ? formatQuantity(UNITS.distance, at(series.distance)) : null,
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <Stack gap="1" data-testid="cursor-readout">
      <Text fontSize="sm" fontWeight="semibold">
        {where}
      </Text>
      <HStack gap="3" wrap="wrap" fontSize="sm">
        {channelsOf(series).map(({ spec, values }) => (
          <Text key={spec.key} display="flex" alignItems="center" gap="1">
            <Box as="span" width="2.5" height="2.5" rounded="full" bg={spec.color} flexShrink={0} />
            {spec.label}:{' '}
            <strong data-testid={`cursor-${spec.key}`}>
              {formatQuantity(UNITS[spec.quantity], at(values))}
            </strong>
          </Text>
        ))}
      </HStack>
    </Stack>
  );
}

/**
 * The ride's power, heart rate, cadence, speed and altitude against time or distance, one plot per
 * channel over a shared x axis, with one cursor across them all (pointer, touch or keyboard) and zoom
 * to a range: drag across the plots, or with the keyboard move the cursor (arrows), mark a range
 * (Shift + arrows) and press Enter; + and - zoom around the cursor, Escape shows the whole ride.
 */
export function StreamCharts({
  series,
  intervals,
  axisKind,
  onAxisKindChange,
  view,
  onViewChange,
  cursor,
  onCursorChange,
}: StreamChartsProps) {
  const helpId = useId();
  const UNITS = useUnits().q;
  const overlay = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  const [anchor, setAnchor] = useState<number | null>(null);
  const rideEnd = series.time[series.time.length - 1] ?? 0;
  const kind: XAxisKind = axisKind === 'distance' && series.distance ? 'distance' : 'time';
  const axis = useMemo(() => axisView(series, kind, view), [series, kind, view]);
  const [first, last] = useMemo(() => indexRange(axis.axis, axis.domain.from, axis.domain.to), [axis]);
  const channels = useMemo(() => channelsOf(series), [series]);
  const highlights = useMemo(
    () => intervals.map((i) => intervalSpan(i, kind, axis)),
    [intervals, kind, axis],
  );
  const ticks = axisTicks(kind, axis.domain, UNITS.distance);

  const timeAtPointer = (clientX: number): number => {
    const box = overlay.current!.getBoundingClientRect();
    return axis.timeOfX(valueAt(axis.domain, (clientX - box.left) / (box.width || 1)));
  };
  const xFraction = (seconds: number) => fractionOf(axis.domain, axis.xOfTime(seconds));

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const at = timeAtPointer(event.clientX);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ start: at, end: at });
    onCursorChange(at);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const at = timeAtPointer(event.clientX);
    onCursorChange(at);
    if (drag) setDrag({ ...drag, end: at });
  };
  const onPointerUp = () => {
    if (drag && Math.abs(xFraction(drag.end) - xFraction(drag.start)) >= MIN_DRAG)
      onViewChange(clampRange({ from: drag.start, to: drag.end }, rideEnd));
    setDrag(null);
  };

  const visibleSpan = () => (view ? view.to - view.from : rideEnd);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = cursor ?? view?.from ?? 0;
    const move = (seconds: number) => {
      const next = Math.min(view?.to ?? rideEnd, Math.max(view?.from ?? 0, seconds));
      if (event.shiftKey && anchor === null) setAnchor(current);
      if (!event.shiftKey) setAnchor(null);
      onCursorChange(next);
    };
    const step = visibleSpan() * STEP;
    const handled = (() => {
      switch (event.key) {
        case 'ArrowRight':
          move(current + step);
          return true;
        case 'ArrowLeft':
          move(current - step);
          return true;
        case 'PageUp':
          move(current + visibleSpan() * BIG_STEP);
          return true;
        case 'PageDown':
          move(current - visibleSpan() * BIG_STEP);
          return true;
        case 'Home':
          move(view?.from ?? 0);
          return true;
        case 'End':
          move(view?.to ?? rideEnd);
          return true;
        case 'Enter':
          if (anchor !== null && cursor !== null)
            onViewChange(clampRange({ from: anchor, to: cursor }, rideEnd));
          setAnchor(null);
          return true;
        case '+':
        case '=':
          onViewChange(zoomAround(view, current, 0.5, rideEnd));
          return true;
        case '-':
          onViewChange(zoomAround(view, current, 2, rideEnd));
          return true;
        case 'Escape':
          setAnchor(null);
          onViewChange(null);
          return true;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  };

  const selection = drag ?? (anchor !== null && cursor !== null ? { start: anchor, end: cursor } : null);
  const cursorIndex = cursor === null ? -1 : nearestIndex(series.time, cursor);
  const cursorAt = cursorIndex < 0 ? null : xFraction(series.time[cursorIndex]!);
  const valueText =
    cursorIndex < 0
      ? 'No point selected'
      : [
          formatClock(series.time[cursorIndex]!),
          ...channels.map(
            ({ spec, values }) =>
              `${spec.label} ${formatQuantity(UNITS[spec.quantity], values[cursorIndex])}`,
          ),
        ].join(', ');

  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap" justify="space-between">
        <HStack gap="1" role="group" aria-label="Chart x axis">
          {(['time', 'distance'] as const).map((option) => (
            <Button
              key={option}
              size="xs"
              variant={kind === option ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={kind === option}
              disabled={option === 'distance' && !series.distance}
              onClick={() => onAxisKindChange(option)}
            >
              {option === 'time' ? 'Time' : 'Distance'}
            </Button>
          ))}
        </HStack>
        <HStack gap="1">
          <Button
            size="xs"
            variant="outline"
            onClick={() => onViewChange(zoomAround(view, cursor ?? rideEnd / 2, 0.5, rideEnd))}
          >
            Zoom in
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={view === null}
            onClick={() =>
              onViewChange(zoomAround(view, cursor ?? (view ? (view.from + view.to) / 2 : 0), 2, rideEnd))
            }
          >
            Zoom out
          </Button>
          <Button size="xs" variant="outline" disabled={view === null} onClick={() => onViewChange(null)}>
            Reset zoom
          </Button>
        </HStack>
      </HStack>
      <Readout series={series} cursor={cursor} />
      <Box position="relative">
        <Stack gap="1">
          {channels.map(({ spec, values }) => (
            <Plot
              key={spec.key}
              spec={spec}
              values={values}
              view={axis}
              first={first}
              last={last}
              highlights={highlights}
            />
          ))}
        </Stack>
        <Box
          ref={overlay}
          position="absolute"
          inset="0"
          overflow="hidden"
          cursor="crosshair"
          touchAction="pan-y"
          tabIndex={0}
          role="slider"
          aria-label="Ride charts cursor"
          aria-describedby={helpId}
          aria-valuemin={0}
          aria-valuemax={Math.round(rideEnd)}
          aria-valuenow={Math.round(cursor ?? 0)}
          aria-valuetext={valueText}
          data-testid="stream-charts-overlay"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          onPointerLeave={(event) => {
            // a finger lifted keeps its cursor; a mouse that leaves takes it along
            if (!drag && event.pointerType === 'mouse') onCursorChange(null);
          }}
          onKeyDown={onKeyDown}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
        >
          {selection ? (
            <Box
              position="absolute"
              top="0"
              bottom="0"
              bg="brand.solid/15"
              borderInlineWidth="1px"
              borderColor="brand.solid"
              left={`${Math.min(xFraction(selection.start), xFraction(selection.end)) * 100}%`}
              width={`${Math.abs(xFraction(selection.end) - xFraction(selection.start)) * 100}%`}
              data-testid="zoom-selection"
            />
          ) : null}
          {cursorAt !== null && cursorAt >= 0 && cursorAt <= 1 ? (
            <Box
              position="absolute"
              top="0"
              bottom="0"
              width="1px"
              bg="fg"
              left={`${cursorAt * 100}%`}
              data-testid="chart-cursor"
            />
          ) : null}
        </Box>
      </Box>
      <Box position="relative" height="5" aria-hidden="true" overflow="hidden">
        {ticks.map((tick) => {
          const at = fractionOf(axis.domain, tick.x);
          return at < 0 || at > 1 ? null : (
            <Text
              key={tick.x}
              position="absolute"
              left={`${at * 100}%`}
              transform={at < 0.05 ? undefined : at > 0.95 ? 'translateX(-100%)' : 'translateX(-50%)'}
              fontSize="xs"
              color="fg.muted"
              whiteSpace="nowrap"
            >
              {tick.label}
            </Text>
          );
        })}
      </Box>
      <Text id={helpId} fontSize="xs" color="fg.muted">
        {kind === 'time' ? 'Elapsed time' : `Distance (${UNITS.distance.unit})`}. Drag across the charts to
        zoom to a range. Keyboard: arrows move the cursor, Shift + arrows mark a range and Enter zooms to it,
        + and - zoom around the cursor, Escape shows the whole ride.
      </Text>
    </Stack>
  );
}
