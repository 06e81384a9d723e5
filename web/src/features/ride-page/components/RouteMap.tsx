import { Box, Center, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo } from 'react';
import { nearestIndex } from '../series';
import { mapStyleUrl } from '../map-config';
import { projectRoute, ROUTE_WIDTH } from '../route-geometry';

/** MapLibre (and its worker) load only on this page, and only when a tile style is configured. */
const MapLibreRoute = lazy(() => import('./MapLibreRoute').then((m) => ({ default: m.MapLibreRoute })));

interface RouteMapProps {
  indoor: boolean;
  latlng: readonly (readonly [number, number])[] | undefined;
  time: readonly number[];
  /** the charts' cursor, seconds: marked on the route */
  cursor: number | null;
}

function NoRoute({ text }: { text: string }) {
  return (
    <Center borderWidth="1px" borderStyle="dashed" rounded="lg" py="8" px="4">
      <Text color="fg.muted" textAlign="center">
        {text}
      </Text>
    </Center>
  );
}

/** The route drawn as a plain SVG line (no tiles): start, finish and the cursor's position. */
export function SvgRoute({ latlng, time, cursor }: Omit<RouteMapProps, 'indoor'>) {
  const route = useMemo(() => (latlng ? projectRoute(latlng) : null), [latlng]);
  if (!route) return <NoRoute text="This ride has no GPS route." />;
  const at = cursor === null ? null : (route.points[nearestIndex(time, cursor)] ?? null);
  const start = route.points.find(Boolean)!;
  const finish = route.points.findLast(Boolean)!;
  return (
    <Box borderWidth="1px" rounded="lg" bg="bg.subtle" overflow="hidden">
      <svg
        viewBox={`0 0 ${ROUTE_WIDTH} ${route.height}`}
        width="100%"
        role="img"
        aria-label="Route of the ride"
        data-testid="route-svg"
        style={{ display: 'block', maxHeight: '420px' }}
      >
        <path
          d={route.path}
          fill="none"
          stroke="#0072B2"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <circle cx={start[0]} cy={start[1]} r={9} fill="#009E73" stroke="white" strokeWidth={3}>
          <title>Start</title>
        </circle>
        <circle cx={finish[0]} cy={finish[1]} r={9} fill="#D55E00" stroke="white" strokeWidth={3}>
          <title>Finish</title>
        </circle>
        {at ? (
          <circle
            cx={at[0]}
            cy={at[1]}
            r={8}
            fill="#172033"
            stroke="white"
            strokeWidth={3}
            data-testid="route-cursor"
          />
        ) : null}
      </svg>
    </Box>
  );
}

/**
 * The ride's route: on a MapLibre map when a tile style is configured (VITE_MAP_STYLE_URL), else a
 * plain drawn line. An indoor ride says it has none.
 */
export function RouteMap({ indoor, latlng, time, cursor }: RouteMapProps) {
  if (indoor) return <NoRoute text="Indoor ride: no route" />;
  const styleUrl = mapStyleUrl();
  if (styleUrl && latlng && latlng.length > 1)
    return (
      <Suspense fallback={<Skeleton height="72" rounded="lg" />}>
        <MapLibreRoute styleUrl={styleUrl} latlng={latlng} time={time} cursor={cursor} />
      </Suspense>
    );
  return <SvgRoute latlng={latlng} time={time} cursor={cursor} />;
}
