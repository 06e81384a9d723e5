import { Injectable } from '@nestjs/common';
import { notFound } from '@domestique/common';
import {
  ANALYSIS_CONTEXT_RECENT_RIDES,
  RideErrorCode,
  type RideAnalysisContext,
  type RiderCoachContext,
  type RiderThresholdFacts,
} from '@domestique/proto';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import type { RideEntity } from '../rides/ride.entity.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { toRideDetailFacts, toRideSummaryFacts } from './analysis-context.mapper.js';

/** Rides read to find the ones before a ride (the list is newest first). */
const LOOKBACK_RIDES = 200;

/**
 * What the analysis service analyses a ride or answers a chat message from: the ride's computed
 * metrics, the rider's thresholds and their recent rides. Goals join this context once the rides
 * service stores them (an empty list until then).
 */
@Injectable()
export class AnalysisContextService {
  constructor(
    private readonly rides: RidesRepository,
    private readonly thresholds: RiderThresholdsService,
  ) {}

  async forRide(userId: string, rideId: string): Promise<RideAnalysisContext> {
    const ride = await this.rides.findForUser(userId, rideId);
    if (!ride) throw notFound('Ride not found', RideErrorCode.NotFound);
    const history = await this.rides.listForUser(userId, LOOKBACK_RIDES);
    const earlier = history
      .filter((other) => other.id !== ride.id && other.startDate.getTime() <= ride.startDate.getTime())
      .slice(0, ANALYSIS_CONTEXT_RECENT_RIDES);
    return {
      ride: toRideDetailFacts(ride),
      rider: await this.riderAt(userId, ride.startDate, [ride, ...earlier]),
      recentRides: earlier.map(toRideSummaryFacts),
      goals: [],
    };
  }

  async forRider(userId: string, now = new Date()): Promise<RiderCoachContext> {
    const recent = await this.rides.listForUser(userId, ANALYSIS_CONTEXT_RECENT_RIDES);
    return {
      rider: await this.riderAt(userId, now, recent),
      recentRides: recent.map(toRideSummaryFacts),
      goals: [],
    };
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
