import { Inject, Injectable } from '@nestjs/common';
import { ServicePatternClient, type PatternClient } from '@domestique/common';
import { Patterns, type RideAnalysisContext, type RiderCoachContext, type Tier } from '@domestique/proto';
import type { CoachContext } from '../coach/coach-question.js';
import type { RideAnalysisInput } from '../engine/ride-analysis-input.js';

/**
 * The only code that asks the rides service for facts: a ride's computed metrics with the rider's
 * thresholds and recent rides (for an analysis), or the rider's recent rides (for a chat answer).
 * The tier comes from the caller's signed identity. A ride that is not the rider's is a 404. Asked
 * over the rides service's message patterns.
 */
@Injectable()
export class RidesContextClient {
  constructor(@Inject(ServicePatternClient) private readonly patterns: PatternClient) {}

  /** The ride's facts; a ride that is not the rider's is a 404, no answer in time a 503 (DomainExceptions). */
  readRide(userId: string, rideId: string): Promise<RideAnalysisContext> {
    return this.patterns.send(Patterns.analysisContextRide, { userId, rideId });
  }

  async forRide(userId: string, rideId: string, tier: Tier): Promise<RideAnalysisInput> {
    return withTier(await this.readRide(userId, rideId), tier);
  }

  async forRider(userId: string, tier: Tier): Promise<CoachContext> {
    const context = await this.patterns.send(Patterns.analysisContextRider, { userId });
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
