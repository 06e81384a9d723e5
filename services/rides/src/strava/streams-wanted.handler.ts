import { Injectable } from '@nestjs/common';
import { OnEvent } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { RideStreamsQueue } from './ride-streams.queue.js';

/** An analysis waits for a ride's streams (the rider asked to analyse it): their fetch jumps the queue. */
@Injectable()
export class StreamsWantedHandler {
  constructor(private readonly streams: RideStreamsQueue) {}

  @OnEvent('ride.streams-wanted')
  async onStreamsWanted({ userId, rideId }: EventPayload<'ride.streams-wanted'>): Promise<void> {
    await this.streams.prioritiseStreams(userId, rideId);
  }
}
