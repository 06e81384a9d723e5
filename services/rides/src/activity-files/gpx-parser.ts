import type { ParsedActivity } from './activity-file.types.js';
import { summarise, type ActivitySample } from './activity-summary.js';
import { isCyclingSport, notCycling } from './activity-sport.js';
import { emptySample, numberOrNull, positiveOrNull, scanActivityXml, timedSamples } from './xml-activity.js';

/** Garmin's TrackPointExtension (v1 and v2) and Cluetrust's gpxdata, matched by URI, not prefix. */
const HEART_RATE_NAMESPACES = new Set([
  'http://www.garmin.com/xmlschemas/TrackPointExtension/v1',
  'http://www.garmin.com/xmlschemas/TrackPointExtension/v2',
  'http://www.cluetrust.com/XML/GPXDATA/1/0',
]);
const HEART_RATE = new Set(['hr', 'heartrate']);
const CADENCE = new Set(['cad', 'cadence']);
/** Power as written by Strava (`<power>` in the GPX namespace), Garmin's PowerExtension and others. */
const POWER = new Set(['power', 'PowerInWatts', 'watts']);

/** Strava's numeric activity-type codes in GPX `<type>` that are not rides. */
const STRAVA_TYPE_CODES: Record<string, string> = {
  '4': 'hiking',
  '9': 'running',
  '10': 'walking',
  '16': 'swimming',
};

/** The sport a GPX `<type>` names, or null when it says nothing we know (assumed a ride). */
const sportOf = (type: string | null): string | null => {
  const value = type?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return STRAVA_TYPE_CODES[value] ?? null;
  return value;
};

/**
 * Parses a GPX track: every trkpt with a time, its ele, and heart rate, cadence and power from the
 * extensions. A `<type>` naming another sport is refused; no type is taken as a ride. GPX has no
 * distance, so the distance is the haversine length of the track.
 */
export function parseGpx(data: Buffer): ParsedActivity {
  const samples: ActivitySample[] = [];
  const path: string[] = [];
  let current: ActivitySample | null = null;
  let trackName: string | null = null;
  let fileName: string | null = null;
  let type: string | null = null;
  let creator: string | null = null;
  scanActivityXml(data, 'gpx', {
    open(element, depth) {
      path.push(element.local);
      if (depth === 0) creator = element.attrs['creator'] ?? null;
      if (element.local === 'trkpt') {
        current = emptySample();
        current.lat = numberOrNull(element.attrs['lat']);
        current.lng = numberOrNull(element.attrs['lon']);
      }
    },
    close(element, text) {
      path.pop();
      const parent = path[path.length - 1];
      const { local, uri } = element;
      if (!current) {
        // the track's own name and type, not a waypoint's or a route's
        if (local === 'name' && parent === 'trk') trackName ??= text.trim() || null;
        else if (local === 'name' && parent === 'metadata') fileName ??= text.trim() || null;
        else if (local === 'type' && parent === 'trk') type ??= text;
        return;
      }
      if (local === 'trkpt') {
        samples.push(current);
        current = null;
      } else if (local === 'time') current.time = Date.parse(text.trim());
      else if (local === 'ele') current.altitude = numberOrNull(text);
      else if (HEART_RATE.has(local) && HEART_RATE_NAMESPACES.has(uri))
        current.heartrate = positiveOrNull(text);
      else if (CADENCE.has(local) && HEART_RATE_NAMESPACES.has(uri)) current.cadence = numberOrNull(text);
      else if (POWER.has(local)) current.watts = numberOrNull(text);
    },
  });
  const sport = sportOf(type);
  if (sport !== null && !isCyclingSport(sport)) throw notCycling(sport);
  return summarise(timedSamples(samples, 'gpx'), {
    format: 'gpx',
    subSport: sport && /virtual/i.test(sport) ? 'virtual_activity' : null,
    device: creator,
    name: trackName ?? fileName,
    laps: [],
  });
}
