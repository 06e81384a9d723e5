/** The parts of Strava's API v3 objects this service reads (snake_case, as on the wire). */

export interface StravaAthleteSummary {
  id: number;
  firstname?: string | null;
  lastname?: string | null;
  ftp?: number | null;
}

export interface StravaTokenResponse {
  token_type: string;
  access_token: string;
  refresh_token: string;
  /** epoch seconds */
  expires_at: number;
  expires_in?: number;
  athlete?: StravaAthleteSummary;
}

/** A summary activity (the list endpoint) or a detailed one (GET /activities/{id}). */
export interface StravaActivity {
  id: number;
  name?: string | null;
  type?: string | null;
  sport_type?: string | null;
  start_date: string;
  start_date_local?: string | null;
  /** "(GMT-08:00) America/Los_Angeles" */
  timezone?: string | null;
  distance?: number | null;
  moving_time?: number | null;
  elapsed_time?: number | null;
  total_elevation_gain?: number | null;
  average_speed?: number | null;
  max_speed?: number | null;
  average_watts?: number | null;
  weighted_average_watts?: number | null;
  max_watts?: number | null;
  kilojoules?: number | null;
  device_watts?: boolean | null;
  has_heartrate?: boolean | null;
  average_heartrate?: number | null;
  max_heartrate?: number | null;
  average_cadence?: number | null;
  trainer?: boolean | null;
  commute?: boolean | null;
  private?: boolean | null;
  manual?: boolean | null;
  athlete?: { id: number };
}

export const STREAM_KEYS = [
  'time',
  'distance',
  'latlng',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'cadence',
  'watts',
  'moving',
  'grade_smooth',
] as const;
export type StreamKey = (typeof STREAM_KEYS)[number];

export interface StravaStream<T = number> {
  data: T[];
  series_type?: string;
  original_size?: number;
  resolution?: string;
}

/** `GET /activities/{id}/streams?key_by_type=true`: streams keyed by type; missing sensors omitted. */
export type StravaStreamSet = Partial<Record<Exclude<StreamKey, 'latlng' | 'moving'>, StravaStream>> & {
  latlng?: StravaStream<[number, number]>;
  moving?: StravaStream<boolean>;
};

export interface StravaPushSubscription {
  id: number;
  callback_url: string;
}

export interface StravaAthleteStats {
  all_ride_totals?: { count?: number };
}

export interface ActivityPage {
  before?: number;
  after?: number;
  page?: number;
  perPage?: number;
}
