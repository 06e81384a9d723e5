import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { RidesRepository } from './rides.repository.js';

@Injectable()
export class RidesEventsHandler {
  constructor(private readonly rides: RidesRepository) {}

  /** The analysis service finished a ride's feedback: the ride shows as analysed. */
  @OnEvent('ride.analysed')
  async onRideAnalysed(payload: EventPayload<'ride.analysed'>, { manager }: EventContext): Promise<void> {
    await this.rides.markAnalysed(manager!, payload.userId, payload.rideId);
  }
}
