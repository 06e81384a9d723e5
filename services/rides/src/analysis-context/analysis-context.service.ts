import { Injectable } from '@nestjs/common';
import { notFound } from '@domestique/common';
import {
  ANALYSIS_CONTEXT_RECENT_RIDES,
  RideErrorCode,
  type CoachTrendFacts,
  type GoalProgressFacts,
  type RideAnalysisContext,
  type RiderCoachContext,
  type RiderThresholdFacts,
} from '@domestique/proto';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { GoalsService } from '../goals/goals.service.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import type { RideEntity } from '../rides/ride.entity.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { toRideDetailFacts, toRideSummaryFacts } from './analysis-context.mapper.js';

/**
 * What the analysis service analyses a ride or answers a chat message from: the ride's computed
 * metrics, the rider's thresholds, their recent rides and goals, and (for the coach) the weekly
 * performance trends the dashboard shows.
 */
@Injectable()
export class AnalysisContextService {
  constructor(
    private readonly rides: RidesRepository,
    private readonly thresholds: RiderThresholdsService,
    private readonly goals: GoalsService,
    private readonly analytics: AnalyticsService,
  ) {}

  async forRide(userId: string, rideId: string, now = new Date()): Promise<RideAnalysisContext> {
    const ride = await this.rides.findForUser(userId, rideId);
    if (!ride) throw notFound('Ride not found', RideErrorCode.NotFound);
    const [earlier, goals] = await Promise.all([
      this.rides.listBefore(userId, ride.startDate, ride.id, ANALYSIS_CONTEXT_RECENT_RIDES),
      this.goalFacts(userId, now),
    ]);
    return {
      ride: toRideDetailFacts(ride),
      rider: await this.riderAt(userId, ride.startDate, [ride, ...earlier]),
      recentRides: earlier.map(toRideSummaryFacts),
      goals,
    };
  }

  async forRider(userId: string, now = new Date()): Promise<RiderCoachContext> {
    const [recent, goals, trends] = await Promise.all([
      this.rides.listForUser(userId, ANALYSIS_CONTEXT_RECENT_RIDES),
      this.goalFacts(userId, now),
      this.trendFacts(userId, now),
    ]);
    return {
      rider: await this.riderAt(userId, now, recent),
      recentRides: recent.map(toRideSummaryFacts),
      goals,
      trends,
    };
  }

  /** Every goal of the rider, in the units the Goals page shows, with its status today. */
  private async goalFacts(userId: string, now: Date): Promise<GoalProgressFacts[]> {
    return (await this.goals.list(userId, now)).map((goal) => ({
      title: goal.title,
      type: goal.type,
      targetValue: goal.targetValue,
      currentValue: goal.currentValue,
      targetDate: goal.targetDate,
      status: goal.status,
    }));
  }

  /** The 12 weekly points and improvements of the dashboard; null when no week has a measurement. */
  private async trendFacts(userId: string, now: Date): Promise<CoachTrendFacts | null> {
    const { trends, improvements } = await this.analytics.weeklyTrends(userId, undefined, now);
    const weeks = trends.map(({ date, power, heartRate, cadence }) => ({ date, power, heartRate, cadence }));
    const anyRide = weeks.some((w) => w.power !== null || w.heartRate !== null || w.cadence !== null);
    return anyRide ? { weeks, improvements } : null;
  }

  /** FTP and LTHR as the rides service measures rides; max heart rate is the highest one observed. */
  private async riderAt(userId: string, at: Date, rides: RideEntity[]): Promise<RiderThresholdFacts> {
    const { ftp, ftpSource, lthr } = await this.thresholds.at(userId, at);
    const observed = rides
      .map((ride) => ride.metrics?.maxHeartrate ?? ride.maxHeartrate)
      .filter((value): value is number => value !== null && value !== undefined && value > 0);
    return {
      ftpWatts: ftp,
      ftpSource,
      maxHeartrate: observed.length ? Math.round(Math.max(...observed)) : null,
      thresholdHeartrate: lthr,
      weightKg: null,
    };
  }
}
