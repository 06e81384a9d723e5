import type {
  AiFeedbackDto,
  TrainingFormFacts,
  BestEffortDto,
  Tier,
  UnitSystem,
  WorkoutDto,
  WorkoutType,
  ZoneTimeDto,
} from '@domestique/proto';

/**
 * The facts a ride is analysed from: the contract between the rides service (which computes and
 * serves them) and the analysis service's providers (the built-in engine and the LLM adapter).
 * Storage units throughout: metres, seconds, metres per second, watts, beats and revolutions per
 * minute. Every field that may be unknown is nullable; nothing here is a raw stream.
 */
export interface RideAnalysisInput {
  ride: RideFacts;
  rider: RiderFacts;
  /** the rider's rides before this one, newest first (up to about 20); empty for a new rider */
  recentRides: readonly RideSummary[];
  /** the rider's goals (all statuses) */
  goals: readonly GoalFacts[];
  /** ISO 8601: when the context was read, "today" for goals' days left */
  asOf?: string;
  /** the rider's load on the ride's day (its own load included); null or absent without load data */
  form?: TrainingFormFacts | null;
}

/** Where a ride came from. Strava-sourced rides stay away from the LLM by default (Strava API terms). */
export type RideSource = 'strava' | 'demo';

/** The summary facts of one ride: what a comparison with the rider's other rides needs. */
export interface RideSummary {
  id: string;
  source: RideSource;
  /** as the rider named it ("Unnamed Ride" when it had none) */
  name: string;
  /** Strava sport type: Ride, VirtualRide, GravelRide, MountainBikeRide, EBikeRide, ... */
  sportType: string;
  /** on a trainer or a virtual platform (speed and distance are then virtual) */
  indoor: boolean;
  /** marked as a commute */
  commute: boolean;
  /** ISO 8601, UTC */
  startDate: string;
  /** local wall-clock start, "HH:MM" (24 h), when the time zone is known */
  startLocalTime: string | null;
  distanceM: number;
  movingTimeS: number;
  elapsedTimeS: number;
  elevationGainM: number;
  averageSpeedMps: number;
  averageHeartrate: number | null;
  averageCadence: number | null;
  /** watts from a power meter; null without one */
  averageWatts: number | null;
  normalizedPower: number | null;
  intensityFactor: number | null;
  /** training stress score */
  tss: number | null;
  /** sum of recorded power, kJ; null without a power meter or streams */
  kilojoules?: number | null;
  /** the session type read from the data; null until streams arrive */
  workoutType?: WorkoutType | null;
}

/** Everything known about the ride being analysed. */
export interface RideFacts extends RideSummary {
  maxSpeedMps: number | null;
  maxHeartrate: number | null;
  /** true when the watts come from a power meter, false when estimated or absent */
  deviceWatts: boolean;
  /** normalized power / average power */
  variabilityIndex: number | null;
  /** normalized power / average heart rate */
  efficiencyFactor: number | null;
  /** Pw:HR drift of the second half against the first, percent (positive = heart rate rose) */
  aerobicDecouplingPct: number | null;
  /** seconds in Coggan power zones Z1-Z7 (zone numbered from 1); null without power and FTP */
  powerZones: readonly ZoneTimeDto[] | null;
  /** seconds in heart-rate zones Z1-Z5; null without heart rate and a threshold */
  heartRateZones: readonly ZoneTimeDto[] | null;
  /** best average watts over 5 s, 1, 5, 20 and 60 min, where the ride was long enough */
  bestEfforts: readonly BestEffortDto[];
  /** seconds of the 1 Hz series the metrics were computed over; null from the summary */
  recordedSeconds?: number | null;
  /** detected intervals, sets, type and context; null until streams arrive */
  workout?: WorkoutDto | null;
  /** the FTP the ride's IF, TSS and zones were measured against */
  ftpWatts?: number | null;
}

/** The rider's thresholds and plan. */
export interface RiderFacts {
  /** functional threshold power, watts */
  ftpWatts: number | null;
  /** 'rider': set by the rider; 'estimated': 95% of a recent best 20-minute power */
  ftpSource: 'rider' | 'estimated' | null;
  maxHeartrate: number | null;
  /** lactate threshold heart rate */
  thresholdHeartrate: number | null;
  /** body weight, kilograms */
  weightKg: number | null;
  /** how the FTP was estimated, in words; null when the rider set it */
  ftpDescription?: string | null;
  thresholdHeartrateSource?: 'rider' | 'estimated' | null;
  maxHeartrateSource?: 'rider' | 'estimated' | null;
  /** the rider's units setting (imperial when absent): the texts write distances, climbs and speeds in them */
  units?: UnitSystem;
  tier: Tier;
}

export type GoalType = 'distance' | 'time' | 'elevation' | 'speed' | 'custom';

/** One goal, in the units the Goals page shows (miles, hours, feet, mph; custom: the rider's own). */
export interface GoalFacts {
  title: string;
  type: GoalType;
  targetValue: number;
  currentValue: number;
  /** ISO 8601 date (YYYY-MM-DD) */
  targetDate: string | null;
  /** "completed" or another status */
  status: string | null;
  /** YYYY-MM-DD: the goal counts rides from this day to its target date; null when unknown */
  startDate?: string | null;
  /** whole days from today (the context's asOf) to the target date; null without one */
  daysLeft?: number | null;
  /** the unit targetValue and currentValue are in (miles, hours, ft, mph or the rider's own) */
  unit?: string | null;
}

/** What a provider writes about a ride (spec section 3, aiFeedback). */
export type RideFeedback = AiFeedbackDto;
