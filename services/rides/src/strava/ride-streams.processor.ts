import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, ProcessJob, type Logger } from '@domestique/common';
import type { JobPayload } from '@domestique/proto';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { RidesConfig } from '../config/env.schema.js';
import { RideFromStreams } from '../rides/ride-from-streams.js';
import { summaryOf } from '../rides/ride-measure.js';
import { RideMetricsRecomputeService } from '../rides/ride-metrics-recompute.service.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { TrainingService } from '../training/training.service.js';
import { runStravaStep } from './strava-jobs.js';
import { RideStreamsQueue } from './ride-streams.queue.js';
import { streamsReserve } from './streams-schedule.js';
import { StravaClient } from './strava.client.js';
import { StravaNotFoundError } from './strava.errors.js';
import { StravaNotConnectedError, StravaTokensService } from './strava-tokens.service.js';
import { STREAM_KEYS, type StravaStreamSet } from './strava.types.js';

/**
 * `ride-streams.fetch`: fetches one ride's streams, computes its metrics from them and stores both,
 * then queues the recompute of the rides whose estimates as of their date the new efforts change.
 * Runs on its own queue in the order of streams-schedule.ts (newest rides first, riders taking
 * turns, opened and webhook rides ahead) and leaves a share of each rate-limit window to the
 * activity lists (STRAVA_STREAMS_RESERVE), backfill a larger one, so a long backfill never starves
 * a rider's sync or another rider's new ride.
 */
@Injectable()
export class RideStreamsProcessor {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly rides: RidesRepository,
    private readonly tokens: StravaTokensService,
    private readonly client: StravaClient,
    private readonly fromStreams: RideFromStreams,
    private readonly training: TrainingService,
    private readonly recompute: RideMetricsRecomputeService,
    private readonly queue: RideStreamsQueue,
  ) {}

  @ProcessJob('ride-streams.fetch')
  async fetch(data: JobPayload<'ride-streams.fetch'>, job: Job): Promise<{ samples: number }> {
    const { userId, rideId, stravaActivityId } = data;
    const ride = await this.rides.findForUser(userId, rideId);
    if (!ride || ride.streamsFetchedAt) return { samples: 0 };
    await this.queue.noteServed(job.priority);
    const reserve = streamsReserve(job.priority, this.config.STRAVA_STREAMS_RESERVE);
    let streams: StravaStreamSet | null;
    try {
      streams = await runStravaStep(job, () =>
        this.tokens.withToken(userId, (token) =>
          this.client.getStreams(token, stravaActivityId, STREAM_KEYS, reserve),
        ),
      );
    } catch (error) {
      if (error instanceof StravaNotConnectedError) return { samples: 0 };
      // a manual activity has no streams; a deleted one is removed by its webhook
      if (!(error instanceof StravaNotFoundError)) throw error;
      streams = null;
    }
    const measured = await this.fromStreams.measure(
      userId,
      { id: rideId, startDate: ride.startDate, summary: summaryOf(ride) },
      streams,
    );
    await this.dataSource.transaction(async (manager) => {
      await this.rides.saveStreamMetrics(manager, userId, rideId, measured);
      // the ride's TSS now comes from its streams: its day's training load follows
      await this.training.onRideChanged(manager, userId, ride.startDate);
    });
    if (measured.contributes) await this.recompute.afterStreams(userId, rideId, ride.startDate);
    this.logger.debug({ rideId, samples: measured.streams?.samples ?? 0 }, 'Ride streams stored');
    return { samples: measured.streams?.samples ?? 0 };
  }
}
