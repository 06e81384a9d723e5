// The JSON representations Strava answers with: SummaryAthlete/DetailedAthlete and
// SummaryActivity/DetailedActivity (field names and nesting as Strava's API reference documents them).
import type { StoredActivity } from './activity-store.js';
import type { DemoAthlete } from './athletes.js';
import { CYCLING_SPORT_TYPES, type ActivityPlan, type SportType } from './planner.js';
import { createRandom, hashSeed } from './random.js';
import type { ActivityStats } from './summary.js';
import { isoSeconds, timezoneLabel, utcOffsetSeconds } from './timezone.js';

type Json = Record<string, unknown>;

const CREATED = Date.UTC(2016, 3, 12, 16, 35, 2) / 1000;

const BIKES = [
  ['1', 'Road bike'],
  ['2', 'Gravel bike'],
  ['3', 'Mountain bike'],
  ['4', 'Commuter'],
  ['5', 'E-bike'],
] as const;

/** SummaryAthlete (resource_state 2): the token answer's `athlete` and /athlete without profile:read_all. */
export const summaryAthlete = (athlete: DemoAthlete, publicUrl: string, nowSeconds: number): Json => ({
  id: athlete.id,
  username: athlete.username,
  resource_state: 2,
  firstname: athlete.firstname,
  lastname: athlete.lastname,
  bio: '',
  city: athlete.city,
  state: athlete.state,
  country: athlete.country,
  sex: athlete.sex,
  premium: athlete.index % 2 === 0,
  summit: athlete.index % 2 === 0,
  created_at: isoSeconds(CREATED + athlete.index * 86_400 * 37),
  updated_at: isoSeconds(Math.floor(nowSeconds / 86_400) * 86_400),
  badge_type_id: athlete.index % 2 === 0 ? 1 : 0,
  weight: athlete.weight,
  profile_medium: `${publicUrl}/avatars/${athlete.id}/medium.svg`,
  profile: `${publicUrl}/avatars/${athlete.id}/large.svg`,
  friend: null,
  follower: null,
});

/** DetailedAthlete (resource_state 3): /athlete with profile:read_all. */
export const detailedAthlete = (
  athlete: DemoAthlete,
  publicUrl: string,
  nowSeconds: number,
  bikeDistances: Record<string, number>,
): Json => {
  const random = createRandom(hashSeed(athlete.id, 0xa1));
  return {
    ...summaryAthlete(athlete, publicUrl, nowSeconds),
    resource_state: 3,
    follower_count: random.int(20, 400),
    friend_count: random.int(20, 300),
    mutual_friend_count: 0,
    athlete_type: 0,
    date_preference: athlete.measurementPreference === 'feet' ? '%m/%d/%Y' : '%d/%m/%Y',
    measurement_preference: athlete.measurementPreference,
    clubs: [],
    ftp: athlete.ftp,
    bikes: BIKES.filter(([suffix]) => bikeDistances[`b${athlete.id}${suffix}`] !== undefined).map(
      ([suffix, name], index) => ({
        id: `b${athlete.id}${suffix}`,
        primary: index === 0,
        name,
        resource_state: 2,
        distance: bikeDistances[`b${athlete.id}${suffix}`],
      }),
    ),
    shoes:
      bikeDistances[`g${athlete.id}1`] !== undefined
        ? [
            {
              id: `g${athlete.id}1`,
              primary: true,
              name: 'Running shoes',
              resource_state: 2,
              distance: bikeDistances[`g${athlete.id}1`],
            },
          ]
        : [],
  };
};

/** Strava's legacy `type` for a sport type. */
export const legacyType = (sportType: SportType): string =>
  sportType === 'MountainBikeRide' || sportType === 'GravelRide' ? 'Ride' : sportType;

const workoutType = (activity: StoredActivity): number | null => {
  const { workout } = activity.plan;
  switch (activity.sportType) {
    case 'Run':
      return workout === 'race' ? 1 : workout === 'long' ? 2 : workout === 'intervals' ? 3 : 0;
    case 'Walk':
      return null;
    case 'Ride':
    case 'MountainBikeRide':
    case 'GravelRide':
    case 'EBikeRide':
    case 'VirtualRide':
      return workout === 'race' ? 11 : workout === 'intervals' ? 12 : 10;
  }
};

/** Kudos, comments, achievements: the social side of an activity, fixed by its seed. */
const social = (activity: StoredActivity) => {
  const { plan } = activity;
  const random = createRandom(hashSeed(plan.seed, 0x50c));
  const hidden = activity.visibility === 'only_me';
  const group = plan.workout === 'group' || plan.workout === 'race';
  return {
    achievement_count: random.int(0, plan.workout === 'race' || plan.workout === 'climbing' ? 12 : 3),
    kudos_count: hidden ? 0 : random.int(0, 25),
    comment_count: hidden ? 0 : random.int(0, 3),
    athlete_count: group && !plan.trainer ? random.int(4, 40) : 1,
    pr_count: random.int(0, 2),
  };
};

/** SummaryActivity (resource_state 2): the items of /athlete/activities. */
export const summaryActivity = (activity: StoredActivity, stats: ActivityStats): Json => {
  const { plan, athlete } = activity;
  const { pr_count, ...counts } = social(activity);
  const offset = utcOffsetSeconds(athlete.timezone, plan.start);
  const json: Json = {
    resource_state: 2,
    athlete: { id: athlete.id, resource_state: 1 },
    name: activity.name,
    distance: stats.distance,
    moving_time: stats.movingTime,
    elapsed_time: stats.elapsedTime,
    total_elevation_gain: stats.totalElevationGain,
    type: legacyType(activity.sportType),
    sport_type: activity.sportType,
    workout_type: workoutType(activity),
    id: plan.id,
    external_id: plan.manual ? null : `${plan.id.toString(36)}.fit`,
    upload_id: plan.manual ? null : plan.id + 7_000_000_000,
    start_date: isoSeconds(plan.start),
    // Strava writes local wall-clock time with a Z suffix
    start_date_local: isoSeconds(plan.start + offset),
    timezone: timezoneLabel(athlete.timezone, plan.start),
    utc_offset: offset,
    location_city: null,
    location_state: null,
    location_country: athlete.country,
    ...counts,
    photo_count: 0,
    map: { id: `a${plan.id}`, summary_polyline: stats.summaryPolyline, resource_state: 2 },
    trainer: plan.trainer,
    commute: plan.commute,
    manual: plan.manual,
    private: activity.visibility === 'only_me',
    visibility: activity.visibility,
    flagged: false,
    gear_id: plan.gearId,
    start_latlng: stats.startLatlng ?? [],
    end_latlng: stats.endLatlng ?? [],
    average_speed: stats.averageSpeed,
    max_speed: stats.maxSpeed,
  };
  if (stats.averageCadence !== null) json.average_cadence = stats.averageCadence;
  if (stats.averageWatts !== null) json.average_watts = stats.averageWatts;
  if (stats.maxWatts !== null) json.max_watts = stats.maxWatts;
  if (stats.weightedAverageWatts !== null) json.weighted_average_watts = stats.weightedAverageWatts;
  if (stats.kilojoules !== null) json.kilojoules = stats.kilojoules;
  if (stats.deviceWatts !== null) json.device_watts = stats.deviceWatts;
  json.has_heartrate = stats.averageHeartrate !== null;
  if (stats.averageHeartrate !== null) {
    json.average_heartrate = stats.averageHeartrate;
    json.max_heartrate = stats.maxHeartrate;
  }
  Object.assign(json, {
    heartrate_opt_out: false,
    display_hide_heartrate_option: stats.averageHeartrate !== null,
    elev_high: stats.elevHigh,
    elev_low: stats.elevLow,
    upload_id_str: plan.manual ? null : String(plan.id + 7_000_000_000),
    from_accepted_tag: false,
    pr_count,
    total_photo_count: 0,
    has_kudoed: false,
  });
  return json;
};

/** DetailedActivity (resource_state 3): /activities/{id}. */
export const detailedActivity = (activity: StoredActivity, stats: ActivityStats): Json => {
  const { plan } = activity;
  const summary = summaryActivity(activity, stats);
  const bike = BIKES.find(([suffix]) => plan.gearId === `b${activity.athlete.id}${suffix}`);
  return {
    ...summary,
    resource_state: 3,
    map: { ...(summary.map as Json), polyline: stats.polyline, resource_state: 3 },
    description: plan.commute ? '' : null,
    calories: stats.calories,
    device_name: plan.deviceName || null,
    embed_token: plan.seed.toString(16).padStart(8, '0'),
    gear: plan.gearId
      ? {
          id: plan.gearId,
          primary: plan.gearId.endsWith('1'),
          name: bike ? bike[1] : 'Running shoes',
          resource_state: 2,
        }
      : null,
    photos: { primary: null, count: 0 },
    hide_from_home: false,
    segment_efforts: [],
    available_zones: [],
  };
};

/** Typical speed (m/s) of a sport, for estimates that must not simulate every activity. */
const TYPICAL_SPEED: Record<SportType, number> = {
  Ride: 7.8,
  GravelRide: 6.5,
  MountainBikeRide: 5.3,
  EBikeRide: 6.7,
  VirtualRide: 8.5,
  Run: 2.8,
  Walk: 1.3,
};
/** Typical climbing (m per km). */
const TYPICAL_CLIMBING: Record<SportType, number> = {
  Ride: 9,
  GravelRide: 16,
  MountainBikeRide: 20,
  EBikeRide: 9,
  VirtualRide: 8,
  Run: 10,
  Walk: 4,
};

/**
 * An activity's distance, elapsed time and climbing estimated from its plan, without simulating it
 * (moving time is exact): Strava's gear and athlete totals are summaries of that kind too.
 */
export const estimate = (plan: ActivityPlan) => {
  const pace = plan.workout === 'climbing' ? 0.85 : plan.commute ? 0.75 : 1;
  const distance = plan.movingSeconds * TYPICAL_SPEED[plan.sportType] * pace;
  const climbing = plan.workout === 'climbing' ? 24 : plan.commute ? 4 : TYPICAL_CLIMBING[plan.sportType];
  return {
    distance,
    movingTime: plan.movingSeconds,
    elapsedTime: plan.trainer || plan.manual ? plan.movingSeconds : Math.round(plan.movingSeconds * 1.06),
    elevationGain: plan.manual ? 0 : (distance / 1000) * climbing,
  };
};

interface Totals {
  count: number;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  elevation_gain: number;
  achievement_count?: number;
}

const CYCLING_TYPES: readonly SportType[] = CYCLING_SPORT_TYPES;

/**
 * ActivityStats (/athletes/{id}/stats): recent (4 weeks), year-to-date and all-time totals. Counts and
 * moving times are exact; distances, elapsed times and climbing are estimated from the plans, so the
 * endpoint stays fast for an athlete with thousands of activities.
 */
export const athleteStats = (activities: readonly StoredActivity[], nowSeconds: number): Json => {
  const recentFrom = nowSeconds - 28 * 86_400;
  const yearFrom = Date.UTC(new Date(nowSeconds * 1000).getUTCFullYear(), 0, 1) / 1000;
  const estimates = activities.map((activity) => estimate(activity.plan));
  const totals = (sports: readonly SportType[], from: number, achievements: boolean): Totals => {
    const sum: Totals = { count: 0, distance: 0, moving_time: 0, elapsed_time: 0, elevation_gain: 0 };
    if (achievements) sum.achievement_count = 0;
    activities.forEach((activity, k) => {
      if (!sports.includes(activity.sportType) || activity.plan.start < from) return;
      const e = estimates[k]!;
      sum.count += 1;
      sum.distance += e.distance;
      sum.moving_time += e.movingTime;
      sum.elapsed_time += e.elapsedTime;
      sum.elevation_gain += e.elevationGain;
      if (sum.achievement_count !== undefined) sum.achievement_count += social(activity).achievement_count;
    });
    sum.distance = Math.round(sum.distance * 10) / 10;
    sum.elevation_gain = Math.round(sum.elevation_gain * 10) / 10;
    return sum;
  };
  const rides = estimates.filter((_, k) => CYCLING_TYPES.includes(activities[k]!.sportType));
  return {
    biggest_ride_distance: Math.round(Math.max(0, ...rides.map((e) => e.distance)) * 10) / 10,
    biggest_climb_elevation_gain: Math.round(Math.max(0, ...rides.map((e) => e.elevationGain)) * 10) / 10,
    recent_ride_totals: totals(CYCLING_TYPES, recentFrom, true),
    recent_run_totals: totals(['Run'], recentFrom, true),
    recent_swim_totals: totals([], recentFrom, true),
    ytd_ride_totals: totals(CYCLING_TYPES, yearFrom, false),
    ytd_run_totals: totals(['Run'], yearFrom, false),
    ytd_swim_totals: totals([], yearFrom, false),
    all_ride_totals: totals(CYCLING_TYPES, 0, false),
    all_run_totals: totals(['Run'], 0, false),
    all_swim_totals: totals([], 0, false),
  };
};
