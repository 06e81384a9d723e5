import type { StravaStreamSet } from '../strava/strava.types.js';

/** The activity-file formats the importer reads (each optionally gzipped). */
export type ActivityFormat = 'fit' | 'gpx' | 'tcx';

/** One lap as the device (or file) marked it, relative to the ride's start. */
export interface ParsedLap {
  /** seconds from the ride's first sample */
  startS: number;
  durationS: number;
  distanceM: number | null;
}

/**
 * An activity file reduced to what a Strava ride carries: the summary fields and the streams in the
 * same shape the Strava streams endpoint answers, so uploaded rides go through the same storage
 * (ride-streams.codec) and the same metrics as synced ones.
 */
export interface ParsedActivity {
  format: ActivityFormat;
  /** normalised sport; always 'cycling' for a parsed activity (anything else is refused) */
  sport: 'cycling';
  /** e.g. 'indoor_cycling', 'virtual_activity', 'road'; null when the file does not say */
  subSport: string | null;
  /** "Garmin Edge 530": manufacturer and product name when known */
  device: string | null;
  /** GPX/TCX name (or TCX Notes) when present */
  name: string | null;
  startDate: Date;
  /** last sample time minus first sample time */
  elapsedTimeS: number;
  /** see summary.ts: Δt ≤ 60 s towards a moving sample */
  movingTimeS: number;
  distanceM: number;
  totalElevationGainM: number;
  /** distanceM / movingTimeS (0 without moving time) */
  averageSpeedMps: number;
  maxSpeedMps: number | null;
  /** mean of the samples carrying power, zeros included */
  averageWatts: number | null;
  maxWatts: number | null;
  /** mean of samples with HR > 0 (0 means no strap) */
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  /** mean of samples with cadence > 0 */
  averageCadence: number | null;
  /** trainer, virtual ride or no GPS at all */
  indoor: boolean;
  laps: ParsedLap[];
  /** raw samples (not resampled): time in seconds from the start plus each channel the file has */
  streams: StravaStreamSet;
  /** samples in the file (FIT records, GPX trkpt, TCX Trackpoint) */
  records: number;
}

export type ActivityFileErrorCode =
  'not-cycling' | 'corrupt' | 'empty' | 'unsupported' | 'future' | 'no-data' | 'too-large';

/** A file the importer refuses; `message` is written for the rider and can be shown as is. */
export class ActivityFileError extends Error {
  constructor(
    public readonly code: ActivityFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ActivityFileError';
  }
}
