import { Box } from '@chakra-ui/react';
import maplibregl, { type GeoJSONSource, type Map as MaplibreMap } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { nearestIndex } from '../series';

// The app's CSP allows no blob: workers: MapLibre's worker is served as a file of the build.
maplibregl.setWorkerUrl(workerUrl);

const valid = (latlng: readonly (readonly [number, number])[]) =>
  latlng.filter(([lat, lng]) => lat !== 0 || lng !== 0).map(([lat, lng]): [number, number] => [lng, lat]);

type CursorData = Parameters<GeoJSONSource['setData']>[0];

const cursorFeature = (position: [number, number] | null): CursorData => ({
  type: 'FeatureCollection',
  features: position
    ? [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: position } }]
    : [],
});

/** The route on a MapLibre map of the configured tile style, fitted to the track, with the charts' cursor. */
export function MapLibreRoute({
  styleUrl,
  latlng,
  time,
  cursor,
}: {
  styleUrl: string;
  latlng: readonly (readonly [number, number])[];
  time: readonly number[];
  cursor: number | null;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MaplibreMap | null>(null);

  useEffect(() => {
    const coordinates = valid(latlng);
    if (!container.current || coordinates.length < 2) return undefined;
    const bounds = coordinates.reduce(
      (box, point) => box.extend(point),
      new maplibregl.LngLatBounds(coordinates[0], coordinates[0]),
    );
    const instance = new maplibregl.Map({
      container: container.current,
      style: styleUrl,
      bounds,
      fitBoundsOptions: { padding: 24 },
      attributionControl: { compact: true },
      cooperativeGestures: true,
    });
    instance.on('load', () => {
      instance.addSource('route', {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } },
      });
      instance.addLayer({
        id: 'route',
        type: 'line',
        source: 'route',
        paint: { 'line-color': '#0072B2', 'line-width': 4 },
        layout: { 'line-join': 'round', 'line-cap': 'round' },
      });
      instance.addSource('cursor', { type: 'geojson', data: cursorFeature(null) });
      instance.addLayer({
        id: 'cursor',
        type: 'circle',
        source: 'cursor',
        paint: {
          'circle-radius': 6,
          'circle-color': '#172033',
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 2,
        },
      });
    });
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, [styleUrl, latlng]);

  useEffect(() => {
    const source = map.current?.getSource<GeoJSONSource>('cursor');
    if (!source) return;
    const point = cursor === null ? null : latlng[nearestIndex(time, cursor)];
    source.setData(cursorFeature(point && (point[0] !== 0 || point[1] !== 0) ? [point[1], point[0]] : null));
  }, [cursor, latlng, time]);

  return (
    <Box
      ref={container}
      height={{ base: '72', md: '96' }}
      rounded="lg"
      overflow="hidden"
      aria-label="Map of the ride's route"
      role="region"
    />
  );
}
