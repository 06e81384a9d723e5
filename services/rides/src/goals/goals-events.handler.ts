import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { GoalsService } from './goals.service.js';

/** Goals follow the rider's rides: recounted in the same transaction as the event's dedupe record. */
@Injectable()
export class GoalsEventsHandler {
  constructor(private readonly goals: GoalsService) {}

  @OnEvent('ride.imported')
  async onRideImported(payload: EventPayload<'ride.imported'>, { manager }: EventContext): Promise<void> {
    await this.goals.onRideImported(manager!, payload.userId, new Date(payload.startDate));
  }

  @OnEvent('ride.deleted')
  async onRideDeleted(payload: EventPayload<'ride.deleted'>, { manager }: EventContext): Promise<void> {
    await this.goals.onRideDeleted(manager!, payload.userId);
  }
}
