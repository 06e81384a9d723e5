import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { GoalsService } from '../goals/goals.service.js';
import { TrainingService } from './training.service.js';

/**
 * The rides service's own consumer of its ride events (one handler per event and service): goals
 * are recounted and the rider's daily training load is updated, in the same transaction as the
 * event's dedupe record. An import or a metrics change recomputes one day (a few ms); a deletion
 * drops the daily loads, rebuilt by the next read.
 */
@Injectable()
export class TrainingEventsHandler {
  constructor(
    private readonly goals: GoalsService,
    private readonly training: TrainingService,
  ) {}

  @OnEvent('ride.imported')
  async onRideImported(payload: EventPayload<'ride.imported'>, { manager }: EventContext): Promise<void> {
    const startDate = new Date(payload.startDate);
    await this.goals.onRideImported(manager!, payload.userId, startDate);
    await this.training.onRideChanged(manager!, payload.userId, startDate);
  }

  @OnEvent('ride.deleted')
  async onRideDeleted(payload: EventPayload<'ride.deleted'>, { manager }: EventContext): Promise<void> {
    await this.goals.onRideDeleted(manager!, payload.userId);
    await this.training.onRideDeleted(manager!, payload.userId);
  }

  /** FTP or threshold heart rate set, or streams changing the estimates: the ride's day is recomputed. */
  @OnEvent('ride.metrics-changed')
  async onRideMetricsChanged(
    payload: EventPayload<'ride.metrics-changed'>,
    { manager }: EventContext,
  ): Promise<void> {
    await this.training.onRideMetricsChanged(manager!, payload.userId, payload.rideId);
  }
}
