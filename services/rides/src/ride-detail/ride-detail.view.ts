import type { RideIntervalDto, RideZonesDto, WorkoutDto, ZoneTimeDto } from '@domestique/proto';
import { meanOfPositive, POWER_ZONE_UPPER_BOUNDS } from '../metrics/power.js';
import type { Series } from '../metrics/series.js';
import type { DecodedStreams } from '../rides/ride-streams.codec.js';
import { seriesOf } from '../rides/ride-measure.js';

/** A zone bound: threshold x fraction, to 0.01 (0.55 x 200 is 110.00000000000001 in floating point). */
const bound = (fraction: number, threshold: number): number => Math.round(fraction * threshold * 100) / 100;

/** Time in zones (as the ride's metrics stored them) with each zone's bounds. Pure. */
export const zonesWithBounds = (
  zones: readonly ZoneTimeDto[] | undefined,
  threshold: number | null,
  upperBounds: readonly number[],
): RideZonesDto | null => {
  if (!threshold || !zones || zones.length === 0) return null;
  return {
    threshold,
    zones: zones.map(({ zone, seconds }) => ({
      zone,
      min: zone === 1 ? 0 : bound(upperBounds[zone - 2]!, threshold),
      max: zone - 1 < upperBounds.length ? bound(upperBounds[zone - 1]!, threshold) : null,
      seconds,
    })),
  };
};

/** The Coggan power zone (1-7) of a power, or null without power or FTP. */
export const powerZoneOf = (watts: number | null, ftp: number | null): number | null => {
  if (watts === null || !ftp) return null;
  return 1 + POWER_ZONE_UPPER_BOUNDS.filter((fraction) => watts > fraction * ftp).length;
};

/**
 * For every second of the ride's 1 Hz series (the time base of the metrics and the intervals), its
 * time on the streams' axis (seconds from the start, pauses included). Built by running the stored
 * time itself through the same gap rules as the metrics (as a channel the series interpolates), so
 * the two can never disagree; a long dropout filled with zeros counts on second by second.
 */
export const streamTimeOfSeriesSeconds = (decoded: DecodedStreams): Float64Array => {
  const time = decoded.time ?? [];
  const mapped = seriesOf({
    time,
    watts: decoded.watts,
    moving: decoded.moving,
    velocity_smooth: decoded.velocity_smooth,
    // shifted by one so the start (0 s) is a reading, not a dropout
    cadence: time.map((t) => t + 1),
  });
  const out = new Float64Array(mapped?.length ?? 0);
  const shifted = mapped?.cadence;
  for (let k = 0; k < out.length; k += 1) {
    const value = shifted?.[k] ?? 0;
    out[k] = value > 0 ? value - 1 : k === 0 ? 0 : out[k - 1]! + 1;
  }
  return out;
};

/** The index of the last sample at or before `t` in ascending `time` (0 before the first). */
const sampleAt = (time: readonly number[], t: number): number => {
  let low = 0;
  let high = time.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (time[middle]! <= t) low = middle;
    else high = middle - 1;
  }
  return low;
};

/**
 * The detected intervals with their place on the streams' axes (time, distance) and their average
 * cadence. `series` is the ride's 1 Hz series; `streamTime` maps its seconds to stream time. Pure.
 */
export const intervalsOf = (
  workout: WorkoutDto | null | undefined,
  series: Series | null,
  streamTime: Float64Array,
  decoded: DecodedStreams | null,
  ftp: number | null,
): RideIntervalDto[] => {
  if (!workout || streamTime.length === 0) return [];
  const time = decoded?.time ?? [];
  const distance = decoded?.distance && decoded.distance.length === time.length ? decoded.distance : null;
  const distanceAt = (t: number): number | null => (distance ? distance[sampleAt(time, t)]! : null);
  const last = streamTime.length - 1;
  return workout.intervals.map((interval, index) => {
    const from = Math.min(interval.startSeconds, last);
    const to = Math.min(interval.startSeconds + interval.durationSeconds, streamTime.length);
    const startTime = streamTime[from]!;
    const endTime = streamTime[Math.max(from, to - 1)]! + 1;
    const cadence = series?.cadence ? meanOfPositive(series.cadence, from, to) : null;
    return {
      number: index + 1,
      startTime,
      endTime,
      durationSeconds: interval.durationSeconds,
      startDistance: distanceAt(startTime),
      endDistance: distanceAt(endTime),
      averagePower: interval.averagePower,
      percentOfFtp: interval.percentOfFtp,
      averageHeartrate: interval.averageHeartrate,
      averageCadence: cadence,
      powerZone: powerZoneOf(interval.averagePower, ftp),
      recoverySeconds: interval.recoverySeconds,
    };
  });
};
