/**
 * Numbers and words of the rides domain shared by the web and the server, without any runtime
 * dependency (the web imports them through `@domestique/proto/messages`). Spec section 9.
 */

/** Unit conversions of spec section 9. */
export const METRES_PER_MILE = 1609.34;
export const FEET_PER_METRE = 3.28084;
export const MPH_PER_METRE_PER_SECOND = 2.237;

/** Rounds to 2 decimals (distances, elevation, speed), the display precision of spec section 9. */
export const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

export const metresToMiles = (metres: number): number => metres / METRES_PER_MILE;
export const metresToFeet = (metres: number): number => metres * FEET_PER_METRE;
export const metresPerSecondToMph = (speed: number): number => speed * MPH_PER_METRE_PER_SECOND;

/**
 * Performance score of spec section 9: min(speed * 3 + watts * 0.1, 100), rounded, with the speed in
 * mph (the unit the ride card shows) and the ride's average power in watts (0 without a power meter).
 */
export const performanceScore = (speedMph: number, watts: number): number =>
  Math.round(Math.min(speedMph * 3 + watts * 0.1, 100));

/** A score at or above this shows the "Great Performance" badge. */
export const GREAT_PERFORMANCE_SCORE = 80;

/** Rides per page of the rides list; "Load More Rides" shows from this many rides on (spec section 9). */
export const RIDES_PAGE_SIZE = 10;
export const LOAD_MORE_MIN_RIDES = 10;
export const RIDES_PAGE_MAX = 200;

/** The dashboard shows 1 featured ride plus 3 listed (spec section 9). */
export const DASHBOARD_RECENT_RIDES = 4;

/** Strava sport types imported as rides; every other activity (runs, swims, ...) is ignored. */
export const CYCLING_SPORT_TYPES = [
  'Ride',
  'MountainBikeRide',
  'GravelRide',
  'EBikeRide',
  'EMountainBikeRide',
  'VirtualRide',
  'Velomobile',
  'Handcycle',
] as const;
export type CyclingSportType = (typeof CYCLING_SPORT_TYPES)[number];

export const isCyclingSportType = (type: string | null | undefined): type is CyclingSportType =>
  (CYCLING_SPORT_TYPES as readonly string[]).includes(type ?? '');

/** The scopes the connect flow requests (spec section 2: read and all-activity read). */
export const STRAVA_SCOPES = ['read', 'activity:read_all'] as const;

/** What `?strava=` on /dashboard says after the Strava authorization round trip. */
export const STRAVA_CONNECT_RESULTS = ['connected', 'denied', 'error'] as const;
export type StravaConnectResult = (typeof STRAVA_CONNECT_RESULTS)[number];

/** Why a connection attempt did not succeed (`?strava=denied|error&reason=`). */
export const STRAVA_CONNECT_REASONS = {
  cancelled: 'You cancelled the Strava authorization, so nothing was connected.',
  scope:
    'Domestique needs permission to read all your activities (including private ones) to import your rides. Please connect again and keep "View data about your private activities" ticked.',
  state: 'That Strava authorization link expired or was not started here. Please connect again.',
  'athlete-in-use': 'This Strava account is already connected to another Domestique account.',
  exchange: 'Strava did not accept the authorization. Please try connecting again.',
  'signed-out': 'Please sign in, then connect Strava again.',
} as const;
export type StravaConnectReason = keyof typeof STRAVA_CONNECT_REASONS;

/** Server and client texts of the rides domain (spec section 8 where it gives them). */
export const RideMessages = {
  syncFailed: 'Failed to sync rides from Strava',
  disconnectFailed: 'Unable to disconnect from Strava. Please try again.',
  stravaNotConnected: 'Strava is not connected. Connect Strava to sync your rides.',
  stravaUnavailable: 'Strava is not answering right now. Please try again in a few minutes.',
  stravaAccessRevoked: 'Strava access was revoked. Please connect Strava again.',
  rideNotFound: 'Ride not found',
  invalidCursor: 'Invalid cursor',
  invalidTimeZone: 'Unknown time zone',
  syncContinues: 'Your rides are still importing from Strava. They will appear as they arrive.',
  upToDate: 'Your rides are up to date.',
  syncedRides: (count: number) => `Synced ${count} new ${count === 1 ? 'ride' : 'rides'} from Strava.`,
  disconnected: 'Strava disconnected. Your existing rides are kept.',
} as const;
