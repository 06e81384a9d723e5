// Google's encoded polyline format (precision 5), as Strava's map.polyline and summary_polyline use.

// Math captured once: a global lookup per call is slow where jest runs tests (a vm context).
const { round } = Math;
const { fromCharCode } = String;

const encodeValue = (value: number): string => {
  let v = value < 0 ? ~(value << 1) : value << 1;

  let out = '';
  while (v >= 0x20) {
    out += fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>= 5;
  }
  return out + fromCharCode(v + 63);
};

export const encodePolyline = (points: readonly (readonly [number, number])[]): string => {
  let lastLat = 0;
  let lastLng = 0;
  let out = '';
  for (const [lat, lng] of points) {
    const y = round(lat * 1e5);
    const x = round(lng * 1e5);
    out += encodeValue(y - lastLat) + encodeValue(x - lastLng);
    lastLat = y;
    lastLng = x;
  }
  return out;
};

export const decodePolyline = (encoded: string): [number, number][] => {
  const points: [number, number][] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push([lat / 1e5, lng / 1e5]);
  }
  return points;
};
