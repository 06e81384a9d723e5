/**
 * A GPS track drawn without map tiles: an equirectangular projection (longitude scaled by the cosine
 * of the mean latitude, good for a ride's few kilometres) fitted into a box 1000 wide.
 */
export const ROUTE_WIDTH = 1000;

export interface ProjectedRoute {
  /** the box's height: the track's aspect, kept between 2:5 and 1:1 */
  height: number;
  /** the SVG path of the track */
  path: string;
  /** each sample's point in the box (null where the sample has no position) */
  points: ([number, number] | null)[];
}

/** [0, 0] is a missing GPS reading (the streams' 0 for a dropout), not a point off Africa. */
const hasPosition = (point: readonly [number, number]) => point[0] !== 0 || point[1] !== 0;

export const projectRoute = (latlng: readonly (readonly [number, number])[]): ProjectedRoute | null => {
  const valid = latlng.filter(hasPosition);
  if (valid.length < 2) return null;
  const meanLat = valid.reduce((sum, [lat]) => sum + lat, 0) / valid.length;
  const scale = Math.cos((meanLat * Math.PI) / 180);
  const xs = valid.map(([, lng]) => lng * scale);
  const ys = valid.map(([lat]) => -lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX || 1e-9;
  const spanY = maxY - minY || 1e-9;
  const padding = 0.05;
  const height = Math.round(ROUTE_WIDTH * Math.min(1, Math.max(0.4, spanY / spanX)));
  const fit = Math.min((ROUTE_WIDTH * (1 - 2 * padding)) / spanX, (height * (1 - 2 * padding)) / spanY);
  const offsetX = (ROUTE_WIDTH - spanX * fit) / 2;
  const offsetY = (height - spanY * fit) / 2;
  const points = latlng.map((point): [number, number] | null =>
    hasPosition(point)
      ? [offsetX + (point[1] * scale - minX) * fit, offsetY + (-point[0] - minY) * fit]
      : null,
  );
  let path = '';
  let pen = 'M';
  for (const point of points) {
    if (!point) {
      pen = 'M';
      continue;
    }
    path += `${pen}${point[0].toFixed(1)} ${point[1].toFixed(1)}`;
    pen = 'L';
  }
  return { height, path, points };
};
