import type { ParsedActivity } from './activity-file.types.js';
import { summarise, type ActivitySample } from './activity-summary.js';
import { isCyclingSport, notCycling } from './activity-sport.js';
import { emptySample, numberOrNull, positiveOrNull, scanActivityXml, timedSamples } from './xml-activity.js';

/** Garmin's ActivityExtension: TPX (Speed, Watts) on trackpoints, whatever its prefix. */
const ACTIVITY_EXTENSION = 'http://www.garmin.com/xmlschemas/ActivityExtension/v2';

interface Lap {
  start: Date;
  durationS: number;
  distanceM: number | null;
}

/**
 * Parses a TCX activity: every Trackpoint with a Time (position, altitude, distance, heart rate,
 * cadence, and Speed and Watts from the TPX extension) and the laps. Sport must be "Biking".
 */
export function parseTcx(data: Buffer): ParsedActivity {
  const samples: ActivitySample[] = [];
  const laps: Lap[] = [];
  const path: string[] = [];
  let current: ActivitySample | null = null;
  let lap: Lap | null = null;
  let sport: string | null = null;
  let device: string | null = null;
  let notes: string | null = null;
  scanActivityXml(data, 'tcx', {
    open(element) {
      path.push(element.local);
      if (element.local === 'Activity' && sport === null) sport = element.attrs['Sport'] ?? null;
      if (element.local === 'Lap') {
        const start = new Date(element.attrs['StartTime'] ?? NaN);
        lap = { start, durationS: 0, distanceM: null };
      }
      if (element.local === 'Trackpoint') current = emptySample();
    },
    close(element, text) {
      path.pop();
      const parent = path[path.length - 1];
      const { local, uri } = element;
      if (current) {
        if (local === 'Trackpoint') {
          samples.push(current);
          current = null;
        } else if (local === 'Time') current.time = Date.parse(text.trim());
        else if (local === 'LatitudeDegrees') current.lat = numberOrNull(text);
        else if (local === 'LongitudeDegrees') current.lng = numberOrNull(text);
        else if (local === 'AltitudeMeters') current.altitude = numberOrNull(text);
        else if (local === 'DistanceMeters') current.distance = numberOrNull(text);
        else if (local === 'Value' && parent === 'HeartRateBpm') current.heartrate = positiveOrNull(text);
        else if (local === 'Cadence') current.cadence = numberOrNull(text);
        else if (uri === ACTIVITY_EXTENSION && local === 'Watts') current.watts = numberOrNull(text);
        else if (uri === ACTIVITY_EXTENSION && local === 'Speed') current.speed = numberOrNull(text);
        return;
      }
      if (lap && parent === 'Lap' && local === 'TotalTimeSeconds') lap.durationS = numberOrNull(text) ?? 0;
      else if (lap && parent === 'Lap' && local === 'DistanceMeters') lap.distanceM = numberOrNull(text);
      else if (lap && local === 'Lap') {
        if (!Number.isNaN(lap.start.getTime())) laps.push(lap);
        lap = null;
      } else if (local === 'Name' && parent === 'Creator' && device === null) device = text.trim() || null;
      else if (local === 'Notes' && parent === 'Activity' && notes === null) notes = text.trim() || null;
    },
  });
  if (sport !== null && !isCyclingSport(sport)) throw notCycling(sport);
  return summarise(timedSamples(samples, 'tcx'), {
    format: 'tcx',
    subSport: null,
    device,
    name: notes,
    laps,
  });
}
