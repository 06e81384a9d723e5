import { Injectable } from '@nestjs/common';
import { EventPublisher } from '@domestique/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Thresholds } from '../metrics/ride-metrics.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import { RidesRepository, type UpsertedRide } from '../rides/rides.repository.js';
import { withoutUploadedTwins } from '../upload/duplicates.js';
import { isRide, rideFromActivity } from './strava-activity.mapper.js';
import {
  RideStreamsQueue,
  STRAVA_SOURCE,
  type StreamsRide,
  type StreamsUrgency,
} from './ride-streams.queue.js';
import type { StravaActivity } from './strava.types.js';

export { STRAVA_SOURCE };

/** Stores Strava activities as rides; shared by the sync and webhook jobs. */
@Injectable()
export class StravaRideImporter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rides: RidesRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly thresholds: RiderThresholdsService,
    private readonly events: EventPublisher,
    private readonly streams: RideStreamsQueue,
  ) {}

  /**
   * Upserts the cycling activities among `activities` (others are ignored) in one transaction,
   * publishing ride.imported for each new ride and keeping the rider's time zone from the newest.
   */
  async importActivities(
    userId: string,
    activities: StravaActivity[],
    thresholds?: Thresholds,
  ): Promise<UpsertedRide[]> {
    const rides = activities.filter(isRide);
    if (rides.length === 0) return [];
    const measuredWith = thresholds ?? (await this.thresholds.at(userId, new Date()));
    const rows = rides.map((activity) => rideFromActivity(activity, measuredWith));
    const newest = rows.reduce((a, b) => (b.startDate > a.startDate ? b : a));
    return this.dataSource.transaction(async (manager) => {
      const newestBefore = await this.rides.newestStart(userId, STRAVA_SOURCE);
      // an activity the rider already uploaded as a file stays that one ride (issue 21)
      await this.rides.lockRiderUploads(manager, userId);
      const fresh = await withoutUploadedTwins(this.rides, manager, userId, rows);
      const upserted = fresh.length ? await this.rides.upsert(manager, userId, STRAVA_SOURCE, fresh) : [];
      await this.publishImported(manager, userId, upserted);
      if (newest.timeZone && (!newestBefore || newest.startDate >= newestBefore))
        await this.profiles.setTimeZone(manager, userId, newest.timeZone);
      return upserted;
    });
  }

  private async publishImported(
    manager: EntityManager,
    userId: string,
    rides: UpsertedRide[],
  ): Promise<void> {
    for (const ride of rides.filter((r) => r.inserted)) {
      await this.events.publish(manager, 'ride.imported', {
        userId,
        rideId: ride.id,
        startDate: ride.startDate.toISOString(),
        source: STRAVA_SOURCE,
      });
    }
  }

  /** Queues the stream fetch of a ride that must come first (one that just arrived by webhook). */
  enqueueStreams(userId: string, ride: StreamsRide, urgency: StreamsUrgency): Promise<void> {
    return this.streams.enqueueUrgent(userId, ride, urgency);
  }

  /**
   * Queues the stream fetch of every Strava ride of the rider that still lacks its streams, newest
   * first (see streams-schedule.ts); rides already queued keep their place.
   */
  async enqueueMissingStreams(userId: string): Promise<number> {
    const missing = await this.rides.missingStreams(userId, STRAVA_SOURCE);
    await this.streams.enqueueBacklog(userId, missing);
    return missing.length;
  }
}
