import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { RideFeedbackRewriteService } from './ride-feedback-rewrite.service.js';

/** Follows the rides service's recomputed metrics: feedback written on the old ones is rewritten. */
@Injectable()
export class RideMetricsEventsHandler {
  constructor(private readonly rewrites: RideFeedbackRewriteService) {}

  @OnEvent('ride.metrics-changed')
  async onRideMetricsChanged(
    { userId, rideId }: EventPayload<'ride.metrics-changed'>,
    { manager }: EventContext,
  ): Promise<void> {
    await this.rewrites.markOutdated(manager!, userId, rideId);
  }
}
