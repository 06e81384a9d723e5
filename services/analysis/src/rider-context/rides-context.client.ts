import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, InternalClient } from '@domestique/common';
import { AnalysisContextPaths, RideAnalysisContext, RiderCoachContext, type Tier } from '@domestique/proto';
import type { CoachContext } from '../coach/coach-question.js';
import type { AnalysisConfig } from '../config/env.schema.js';
import type { RideAnalysisInput } from '../engine/ride-analysis-input.js';

/**
 * The only code that asks the rides service for facts: a ride's computed metrics with the rider's
 * thresholds and recent rides (for an analysis), or the rider's recent rides (for a chat answer).
 * The tier comes from the caller's signed identity. A ride that is not the rider's is a 404.
 */
@Injectable()
export class RidesContextClient {
  private readonly client: InternalClient;

  constructor(@Inject(CONFIG) config: AnalysisConfig) {
    this.client = new InternalClient({
      caller: 'analysis',
      baseUrl: config.RIDES_URL,
      secret: config.INTERNAL_JWT_SECRET,
    });
  }

  /** The ride's facts; a ride that is not the rider's is a 404 (a DomainException). */
  readRide(userId: string, rideId: string): Promise<RideAnalysisContext> {
    return this.client.request({
      path: AnalysisContextPaths.ride(userId, rideId),
      schema: RideAnalysisContext,
    });
  }

  async forRide(userId: string, rideId: string, tier: Tier): Promise<RideAnalysisInput> {
    return withTier(await this.readRide(userId, rideId), tier);
  }

  async forRider(userId: string, tier: Tier): Promise<CoachContext> {
    const context = await this.client.request({
      path: AnalysisContextPaths.rider(userId),
      schema: RiderCoachContext,
    });
    return coachContextWithTier(context, tier);
  }
}

/** What a provider analyses: the ride's facts and the tier from the caller's signed identity. */
export const withTier = (context: RideAnalysisContext, tier: Tier): RideAnalysisInput => ({
  ...context,
  rider: { ...context.rider, tier },
});

/** What the chat answers from: the rider's facts and the tier from the caller's signed identity. */
export const coachContextWithTier = (context: RiderCoachContext, tier: Tier): CoachContext => ({
  ...context,
  rider: { ...context.rider, tier },
});
