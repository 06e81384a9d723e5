import { Injectable } from '@nestjs/common';
import { notFound } from '@domestique/common';
import {
  ANALYSIS_CONTEXT_RECENT_RIDES,
  COACH_WINDOW_DAYS,
  COACH_WINDOW_MAX_RIDES,
  DEFAULT_UNIT_SYSTEM,
  RideErrorCode,
  type CoachTrendFacts,
  type GoalProgressFacts,
  type RideAnalysisContext,
  type RiderCoachContext,
  type RiderThresholdFacts,
} from '@domestique/proto';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { localDate } from '../analytics/calendar.js';
import { riderTimeZone } from '../analytics/rider-time-zone.js';
import { GoalsService } from '../goals/goals.service.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { TrainingService } from '../training/training.service.js';
import {
  toRideDetailFacts,
  toRideSummaryFacts,
  toRiderThresholdFacts,
  toTrainingFormFacts,
} from './analysis-context.mapper.js';

/**
 * What the analysis service analyses a ride or answers a chat message from: the ride's computed
 * metrics, the rider's thresholds, their recent rides and goals, their training load (CTL, ATL,
 * TSB and ramp rate on the ride's day, or today) and (for the coach) the weekly performance trends
 * the dashboard shows.
 */
@Injectable()
export class AnalysisContextService {
  constructor(
    private readonly rides: RidesRepository,
    private readonly thresholds: RiderThresholdsService,
    private readonly profiles: RiderProfileRepository,
    private readonly goals: GoalsService,
    private readonly analytics: AnalyticsService,
    private readonly training: TrainingService,
  ) {}

  async forRide(userId: string, rideId: string, now = new Date()): Promise<RideAnalysisContext> {
    const ride = await this.rides.findForUser(userId, rideId);
    if (!ride) throw notFound('Ride not found', RideErrorCode.NotFound);
    // the form on the ride's day: the form it started with, and its own load in CTL and ATL
    const [earlier, goals, rider, form] = await Promise.all([
      this.rides.listBefore(userId, ride.startDate, ride.id, ANALYSIS_CONTEXT_RECENT_RIDES),
      this.goalFacts(userId, now),
      this.riderAt(userId, ride.startDate),
      this.training.formAt(userId, ride.startDate),
    ]);
    return {
      ride: toRideDetailFacts(ride),
      rider,
      recentRides: earlier.map(toRideSummaryFacts),
      goals,
      asOf: now.toISOString(),
      form: toTrainingFormFacts(form),
    };
  }

  async forRider(userId: string, now = new Date()): Promise<RiderCoachContext> {
    const windowStart = new Date(now.getTime() - COACH_WINDOW_DAYS * DAY_MS);
    // one more than the cap tells whether the window holds more rides than it carries
    const [recent, window, goals, trends, rider, form] = await Promise.all([
      this.rides.listForUser(userId, ANALYSIS_CONTEXT_RECENT_RIDES),
      this.rides.listInWindow(userId, windowStart, now, COACH_WINDOW_MAX_RIDES + 1),
      this.goalFacts(userId, now),
      this.trendFacts(userId, now),
      this.riderAt(userId, now),
      this.training.formAt(userId, now),
    ]);
    const windowRides = window.slice(0, COACH_WINDOW_MAX_RIDES).map(toRideSummaryFacts);
    return {
      rider,
      recentRides: recent.map(toRideSummaryFacts),
      goals,
      trends,
      asOf: now.toISOString(),
      windowRides,
      windowStart: windowStart.toISOString(),
      windowComplete: window.length <= COACH_WINDOW_MAX_RIDES,
      form: toTrainingFormFacts(form),
    };
  }

  /**
   * Every goal of the rider, in the units the Goals page shows, with its status today: the day it
   * starts counting rides from (its creation) and the whole days from today to its target date, both
   * in the rider's time zone.
   */
  private async goalFacts(userId: string, now: Date): Promise<GoalProgressFacts[]> {
    const [goals, timeZone] = await Promise.all([
      this.goals.list(userId, now),
      riderTimeZone(this.profiles, userId),
    ]);
    const today = localDate(now, timeZone);
    return goals.map((goal) => ({
      title: goal.title,
      type: goal.type,
      targetValue: goal.targetValue,
      currentValue: goal.currentValue,
      targetDate: goal.targetDate,
      status: goal.status,
      startDate: localDate(new Date(goal.createdAt), timeZone),
      daysLeft: daysBetween(today, goal.targetDate),
      unit: goal.unit,
    }));
  }

  /** The 12 weekly points and improvements of the dashboard; null when no week has a measurement. */
  private async trendFacts(userId: string, now: Date): Promise<CoachTrendFacts | null> {
    const { trends, improvements } = await this.analytics.weeklyTrends(userId, undefined, now);
    const weeks = trends.map(({ date, power, heartRate, cadence }) => ({ date, power, heartRate, cadence }));
    const anyRide = weeks.some((w) => w.power !== null || w.heartRate !== null || w.cadence !== null);
    return anyRide ? { weeks, improvements } : null;
  }

  /**
   * What rides are measured against as of `at` (the rider's settings, else the estimates as of then)
   * and the units the rider reads the coach in.
   */
  private async riderAt(userId: string, at: Date): Promise<RiderThresholdFacts> {
    const [thresholds, profile] = await Promise.all([
      this.thresholds.at(userId, at),
      this.profiles.findForUser(userId),
    ]);
    return toRiderThresholdFacts(thresholds, profile?.units ?? DEFAULT_UNIT_SYSTEM);
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** Whole days from one calendar date (YYYY-MM-DD) to another; negative when `to` is past. */
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
