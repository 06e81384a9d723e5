import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { WorkoutExportService } from './workout-export.service.js';

/** A rider leaving Elite loses the calendar feed, in the same transaction as the event's dedupe record. */
@Injectable()
export class WorkoutExportEventsHandler {
  constructor(private readonly exports: WorkoutExportService) {}

  @OnEvent('subscription.tier-changed')
  async onTierChanged(
    payload: EventPayload<'subscription.tier-changed'>,
    { manager }: EventContext,
  ): Promise<void> {
    await this.exports.onTierChanged(manager!, payload.userId, payload.tier);
  }
}
