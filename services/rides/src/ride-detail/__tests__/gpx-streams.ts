import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { StravaStreamSet } from '../../strava/strava.types.js';

/** metres: the mean Earth radius gpxpy and the fixtures' expected summaries use */
const EARTH_RADIUS_M = 6_371_008.8;

const haversine = (lat1: number, lng1: number, lat2: number, lng2: number): number => {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
};

const number = (point: string, tag: string): number | null => {
  const match = new RegExp(`<(?:\\w+:)?${tag}>([^<]+)</(?:\\w+:)?${tag}>`).exec(point);
  return match ? Number(match[1]) : null;
};

export interface GpxRide {
  start: Date;
  /** the streams as Strava's API would answer them (distance from the track, speed over 5 points) */
  streams: StravaStreamSet;
}

/** A gzipped Strava GPX export (trkpt with ele, time and power/hr/cad extensions) as Strava streams. */
export const readGpxRide = (path: string): GpxRide => {
  const xml = gunzipSync(readFileSync(path)).toString();
  const points = xml.split('<trkpt ').slice(1);
  const lat: number[] = [];
  const lng: number[] = [];
  const times: number[] = [];
  const altitude: number[] = [];
  const watts: number[] = [];
  const heartrate: number[] = [];
  const cadence: number[] = [];
  for (const point of points) {
    lat.push(Number(/lat="([^"]+)"/.exec(point)![1]));
    lng.push(Number(/lon="([^"]+)"/.exec(point)![1]));
    times.push(Date.parse(/<time>([^<]+)<\/time>/.exec(point)![1]!));
    altitude.push(number(point, 'ele') ?? 0);
    watts.push(number(point, 'power') ?? 0);
    heartrate.push(number(point, 'hr') ?? 0);
    cadence.push(number(point, 'cad') ?? 0);
  }
  const time = times.map((at) => Math.round((at - times[0]!) / 1000));
  const distance = [0];
  for (let i = 1; i < lat.length; i += 1)
    distance.push(distance[i - 1]! + haversine(lat[i - 1]!, lng[i - 1]!, lat[i]!, lng[i]!));
  const speed = time.map((_, i) => {
    const from = Math.max(0, i - 2);
    const to = Math.min(time.length - 1, i + 2);
    return time[to]! > time[from]! ? (distance[to]! - distance[from]!) / (time[to]! - time[from]!) : 0;
  });
  return {
    start: new Date(times[0]!),
    streams: {
      time: { data: time },
      distance: { data: distance },
      latlng: { data: lat.map((value, i) => [value, lng[i]!] as [number, number]) },
      altitude: { data: altitude },
      velocity_smooth: { data: speed },
      watts: { data: watts },
      heartrate: { data: heartrate },
      cadence: { data: cadence },
    },
  };
};
