import { Injectable } from '@nestjs/common';
import { EventPublisher, JobQueue } from '@domestique/common';
import { QUEUES } from '@domestique/proto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Thresholds } from '../metrics/ride-metrics.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { RiderThresholdsService, THRESHOLD_WINDOW_DAYS } from '../rider/rider-thresholds.service.js';
import { RidesRepository, type UpsertedRide } from '../rides/rides.repository.js';
import { isRide, rideFromActivity } from './strava-activity.mapper.js';
import type { StravaActivity } from './strava.types.js';

export const STRAVA_SOURCE = 'strava';

const DAY_MS = 24 * 3600 * 1000;
const MAX_PRIORITY = 2_097_152;
/** priorities below this are the last 90 days' rides */
const RECENT_BAND = 1000;

/**
 * The order of stream fetches (BullMQ: a lower number runs first). The rides of the last 90 days
 * come first, oldest first, so the latest ride's metrics arrive early and the rides before it
 * already count toward its FTP estimate; older rides follow, oldest first as well.
 */
export const streamsPriority = (startDate: Date, now = new Date()): number => {
  const recentFrom = now.getTime() - THRESHOLD_WINDOW_DAYS * DAY_MS;
  const day = (at: number) => Math.floor(at / DAY_MS);
  const recent = startDate.getTime() >= recentFrom;
  const priority = recent
    ? 1 + day(startDate.getTime()) - day(recentFrom)
    : RECENT_BAND + day(startDate.getTime());
  return Math.min(MAX_PRIORITY, Math.max(1, priority));
};

/** Stores Strava activities as rides; shared by the sync and webhook jobs. */
@Injectable()
export class StravaRideImporter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rides: RidesRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly thresholds: RiderThresholdsService,
    private readonly events: EventPublisher,
    private readonly jobs: JobQueue,
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
      const upserted = await this.rides.upsert(manager, userId, STRAVA_SOURCE, rows);
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

  /** Queues the stream fetch of each ride (idempotent per ride; a fetch that failed for good is retried). */
  async enqueueStreams(
    userId: string,
    rides: { id: string; externalId: string; startDate: Date }[],
  ): Promise<void> {
    const queue = this.jobs.queue(QUEUES.rideStreams);
    for (let i = 0; i < rides.length; i += 50) {
      await Promise.all(
        rides.slice(i, i + 50).map(async (ride) => {
          const jobId = `streams-${ride.id}`;
          const existing = await queue.getJob(jobId);
          if (existing) {
            const state = await existing.getState();
            if (state === 'failed') return existing.retry('failed');
            // a finished fetch of a ride that still lacks streams (it ran while disconnected): run again
            if (state !== 'completed') return;
            await existing.remove().catch(() => undefined);
          }
          await this.jobs.enqueue(
            'ride-streams.fetch',
            { userId, rideId: ride.id, stravaActivityId: ride.externalId },
            { jobId, priority: streamsPriority(ride.startDate) },
          );
        }),
      );
    }
  }

  /** Queues the stream fetch of every Strava ride of the rider that still lacks its streams. */
  async enqueueMissingStreams(userId: string): Promise<number> {
    const missing = await this.rides.missingStreams(userId, STRAVA_SOURCE);
    await this.enqueueStreams(userId, missing);
    return missing.length;
  }
}
