import { Directive, Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import type {
  BestEffortDto,
  DashboardStatsDto,
  IntervalSetDto,
  RideContext,
  WorkIntervalDto,
  WorkoutDto,
  WorkoutType,
  RideDto,
  RideMetricsDto,
  RidesPageDto,
  RideTotalsDto,
  UserAveragesDto,
  WeeklyStatsDto,
  ZoneTimeDto,
} from '@domestique/proto';

@ObjectType('ZoneTime', { description: 'Seconds spent in one zone (zones numbered from 1)' })
export class ZoneTimeModel implements ZoneTimeDto {
  @Field(() => Int)
  zone!: number;
  @Field(() => Int)
  seconds!: number;
}

@ObjectType('BestEffort', { description: 'The best average power held for a duration' })
export class BestEffortModel implements BestEffortDto {
  @Field(() => Int)
  durationSeconds!: number;
  @Field(() => Float)
  watts!: number;
}

@ObjectType('WorkInterval', { description: 'One detected work bout; seconds from the start of the ride' })
export class WorkIntervalModel implements WorkIntervalDto {
  @Field(() => Int)
  startSeconds!: number;
  @Field(() => Int)
  durationSeconds!: number;
  @Field(() => Float, { nullable: true, description: 'watts' })
  averagePower!: number | null;
  @Field(() => Float, { nullable: true })
  percentOfFtp!: number | null;
  @Field(() => Float, { nullable: true })
  averageHeartrate!: number | null;
  @Field(() => Int, { nullable: true, description: 'easy seconds after the bout' })
  recoverySeconds!: number | null;
}

@ObjectType('IntervalSet', { description: 'Work bouts of similar length and effort, one after another' })
export class IntervalSetModel implements IntervalSetDto {
  @Field(() => Int)
  repeats!: number;
  @Field(() => Int)
  workSeconds!: number;
  @Field(() => Int, { nullable: true })
  recoverySeconds!: number | null;
  @Field(() => Float, { nullable: true })
  averagePower!: number | null;
  @Field(() => Float, { nullable: true })
  percentOfFtp!: number | null;
  @Field(() => Int)
  firstInterval!: number;
}

@ObjectType('Workout', { description: 'The session read from the ride’s data, never from its name' })
export class WorkoutModel implements WorkoutDto {
  @Field(() => String, {
    description: 'recovery, endurance, tempo, sweet-spot, threshold, vo2max, anaerobic, race or mixed',
  })
  type!: WorkoutType;
  @Field(() => String, { description: "'power', 'heart-rate' or 'summary'" })
  basis!: 'power' | 'heart-rate' | 'summary';
  @Field(() => [String], { description: 'e-bike, commute, indoor' })
  contexts!: RideContext[];
  @Field(() => [WorkIntervalModel])
  intervals!: WorkIntervalModel[];
  @Field(() => [IntervalSetModel])
  sets!: IntervalSetModel[];
  @Field(() => String, { nullable: true, description: 'e.g. "4 x 8 min at 101% of FTP with 4 min easy"' })
  structure!: string | null;
  @Field({ description: 'steady enough for decoupling and VI to mean something' })
  steady!: boolean;
}

@ObjectType('RideMetrics', {
  description: 'Training metrics computed at import; power ones need a power meter',
})
export class RideMetricsModel implements RideMetricsDto {
  @Field(() => String, { description: "'streams' or 'summary'" })
  source!: 'streams' | 'summary';
  @Field(() => Float, { nullable: true })
  averagePower!: number | null;
  @Field(() => Float, { nullable: true })
  normalizedPower!: number | null;
  @Field(() => Float, { nullable: true })
  variabilityIndex!: number | null;
  @Field(() => Float, { nullable: true })
  intensityFactor!: number | null;
  @Field(() => Float, { nullable: true })
  trainingStressScore!: number | null;
  @Field(() => Float, { nullable: true })
  efficiencyFactor!: number | null;
  @Field(() => Float, { nullable: true, description: 'Pw:HR decoupling, percent' })
  aerobicDecoupling!: number | null;
  @Field(() => Int, { nullable: true })
  ftp!: number | null;
  @Field(() => String, { nullable: true, description: "'rider' or 'estimated'" })
  ftpSource!: 'rider' | 'estimated' | null;
  @Field(() => Int, { nullable: true })
  lthr!: number | null;
  @Field(() => [ZoneTimeModel])
  powerZones!: ZoneTimeModel[];
  @Field(() => [ZoneTimeModel])
  heartRateZones!: ZoneTimeModel[];
  @Field(() => [BestEffortModel])
  bestEfforts!: BestEffortModel[];
  @Field(() => Float, { nullable: true })
  maxPower!: number | null;
  @Field(() => Float, { nullable: true })
  maxHeartrate!: number | null;
  @Field(() => Float, { nullable: true, description: 'the sum of the recorded power, kJ' })
  kilojoules?: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'seconds of the 1 Hz series the metrics were computed over',
  })
  recordedSeconds?: number | null;
  @Field(() => WorkoutModel, { nullable: true })
  workout?: WorkoutModel | null;
  @Field(() => String, { nullable: true, description: 'how the FTP was estimated, in words' })
  ftpDescription?: string | null;
}

/** The federated Ride entity: the rides service owns it; the analysis service adds `aiFeedback`. */
@ObjectType('Ride')
@Directive('@key(fields: "id")')
export class RideModel implements RideDto {
  @Field(() => ID)
  id!: string;
  @Field()
  name!: string;
  @Field({ description: 'ISO 8601, UTC' })
  startDate!: string;
  @Field()
  type!: string;
  @Field({ description: 'where the ride came from: "Strava", or "Uploaded FIT, Garmin Edge 530"' })
  sourceLabel!: string;
  @Field(() => Float, { description: 'metres' })
  distance!: number;
  @Field(() => Int, { description: 'seconds' })
  movingTime!: number;
  @Field(() => Float, { description: 'metres' })
  totalElevationGain!: number;
  @Field(() => Float, { description: 'm/s' })
  averageSpeed!: number;
  @Field(() => Float, { nullable: true, description: 'watts from a power meter' })
  averageWatts!: number | null;
  @Field(() => Float, { nullable: true })
  averageHeartrate!: number | null;
  @Field(() => Float, { nullable: true })
  averageCadence!: number | null;
  @Field()
  hasAiFeedback!: boolean;
  @Field()
  hasFeedback!: boolean;
  /** not a field here: the analysis subgraph resolves `Ride.aiFeedback` (the REST list answers null) */
  aiFeedback!: null;
  @Field(() => RideMetricsModel, { nullable: true })
  metrics!: RideMetricsModel | null;
}

@ObjectType('RidesPage')
export class RidesPageModel implements RidesPageDto {
  @Field(() => [RideModel])
  rides!: RideModel[];
  @Field(() => Int)
  totalCount!: number;
  @Field(() => String, { nullable: true, description: 'pass back for the next page; null on the last' })
  nextCursor!: string | null;
}

@ObjectType('WeeklyStats')
export class WeeklyStatsModel implements WeeklyStatsDto {
  @Field(() => Float, { description: 'miles' })
  totalDistance!: number;
  @Field(() => Int, { description: 'seconds' })
  totalTime!: number;
  @Field(() => Float, { description: 'feet' })
  totalElevation!: number;
  @Field(() => Int, { description: 'watts, time-weighted over rides with a power meter' })
  avgPower!: number;
}

@ObjectType('DashboardStats')
export class DashboardStatsModel implements DashboardStatsDto {
  @Field(() => WeeklyStatsModel)
  weeklyStats!: WeeklyStatsModel;
  @Field(() => [RideModel])
  recentRides!: RideModel[];
}

@ObjectType('UserAverages', { description: 'In the units of a ride: m/s, watts, metres' })
export class UserAveragesModel implements UserAveragesDto {
  @Field(() => Int)
  totalRides!: number;
  @Field(() => Float)
  averageSpeed!: number;
  @Field(() => Float)
  averagePower!: number;
  @Field(() => Float)
  averageDistance!: number;
}

@ObjectType('RideTotals')
export class RideTotalsModel implements RideTotalsDto {
  @Field(() => Int)
  totalRides!: number;
  @Field(() => Int, { description: 'rides with AI feedback' })
  analysedRides!: number;
}
