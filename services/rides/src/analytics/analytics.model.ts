import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import type {
  ImprovementsDto,
  LifetimeAnalyticsDto,
  LifetimeStatsDto,
  PerformanceTrendsDto,
  PerformanceZoneDto,
  StatTrendsDto,
  TrendPointDto,
  WeeklyProgressDto,
  ZoneSource,
} from '@domestique/proto';

@ObjectType('TrendPoint', { description: 'One week: moving-time-weighted averages, null without data' })
export class TrendPointModel implements TrendPointDto {
  @Field({ description: "the week's Monday, YYYY-MM-DD, in the rider's time zone" })
  date!: string;
  @Field(() => Int, { nullable: true, description: 'watts' })
  power!: number | null;
  @Field(() => Int, { nullable: true, description: 'beats per minute' })
  heartRate!: number | null;
  @Field(() => Int, { nullable: true, description: 'revolutions per minute' })
  cadence!: number | null;
}

@ObjectType('Improvements', { description: 'Percent, last 4 weeks against the first 4 of the window' })
export class ImprovementsModel implements ImprovementsDto {
  @Field(() => Float, { nullable: true, description: 'change of weighted average power' })
  powerImprovement!: number | null;
  @Field(() => Float, { nullable: true, description: 'change of watts per heartbeat' })
  heartRateEfficiency!: number | null;
  @Field(() => Float, { nullable: true, description: 'fall of the coefficient of variation of cadence' })
  cadenceConsistency!: number | null;
}

@ObjectType('PerformanceTrends')
export class PerformanceTrendsModel implements PerformanceTrendsDto {
  @Field(() => [TrendPointModel])
  trends!: TrendPointModel[];
  @Field(() => ImprovementsModel)
  improvements!: ImprovementsModel;
  @Field()
  timeZone!: string;
}

@ObjectType('LifetimeStats', { description: 'Every ride: miles, seconds, feet' })
export class LifetimeStatsModel implements LifetimeStatsDto {
  @Field(() => Int)
  totalRides!: number;
  @Field(() => Float, { description: 'miles' })
  totalDistance!: number;
  @Field(() => Int, { description: 'seconds' })
  totalTime!: number;
  @Field(() => Float, { description: 'feet' })
  totalElevation!: number;
}

@ObjectType('StatTrends', { description: 'Percent change, last 30 days against the 30 before' })
export class StatTrendsModel implements StatTrendsDto {
  @Field(() => Int, { nullable: true })
  totalRides!: number | null;
  @Field(() => Int, { nullable: true })
  totalDistance!: number | null;
  @Field(() => Int, { nullable: true })
  totalTime!: number | null;
  @Field(() => Int, { nullable: true })
  totalElevation!: number | null;
}

@ObjectType('WeeklyProgress')
export class WeeklyProgressModel implements WeeklyProgressDto {
  @Field({ description: "the week's Monday, YYYY-MM-DD" })
  week!: string;
  @Field(() => Int)
  rides!: number;
  @Field(() => Float, { description: 'miles' })
  distance!: number;
  @Field(() => Float, { nullable: true, description: 'mph' })
  avgSpeed!: number | null;
  @Field(() => Float, { description: 'feet' })
  elevation!: number;
  @Field(() => Int, { description: 'seconds' })
  time!: number;
}

@ObjectType('PerformanceZone')
export class PerformanceZoneModel implements PerformanceZoneDto {
  @Field()
  zone!: string;
  @Field()
  name!: string;
  @Field(() => Int, { description: 'seconds' })
  timeSpent!: number;
}

@ObjectType('LifetimeAnalytics')
export class LifetimeAnalyticsModel implements LifetimeAnalyticsDto {
  @Field(() => LifetimeStatsModel)
  monthlyStats!: LifetimeStatsModel;
  @Field(() => StatTrendsModel)
  statTrends!: StatTrendsModel;
  @Field(() => [WeeklyProgressModel])
  weeklyProgress!: WeeklyProgressModel[];
  @Field(() => [PerformanceZoneModel])
  performanceZones!: PerformanceZoneModel[];
  @Field(() => String, { nullable: true, description: "'power' or 'heartRate'" })
  zoneSource!: ZoneSource | null;
  @Field()
  timeZone!: string;
}
