import { Injectable } from '@nestjs/common';
import { EventPublisher, OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { RidesRepository } from './rides.repository.js';

@Injectable()
export class RidesEventsHandler {
  constructor(
    private readonly rides: RidesRepository,
    private readonly events: EventPublisher,
  ) {}

  /** The analysis service finished a ride's feedback: the ride shows as analysed. */
  @OnEvent('ride.analysed')
  async onRideAnalysed(payload: EventPayload<'ride.analysed'>, { manager }: EventContext): Promise<void> {
    await this.rides.markAnalysed(manager!, payload.userId, payload.rideId);
  }

  @OnEvent('user.deleted')
  async onUserDeleted(payload: EventPayload<'user.deleted'>, { manager }: EventContext): Promise<void> {
    await this.rides.deleteAllForUser(manager!, payload.userId);
    await this.events.publish(manager!, 'user.purged', { userId: payload.userId, service: 'rides' });
  }
}
