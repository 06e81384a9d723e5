import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, ProcessJob, type Logger } from '@domestique/common';
import type { JobPayload } from '@domestique/proto';
import type { Job } from 'bullmq';
import type { RidesConfig } from '../config/env.schema.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { STRAVA_SOURCE, StravaRideImporter } from './strava-ride-importer.js';
import { runStravaStep } from './strava-jobs.js';
import { StravaClient } from './strava.client.js';
import { StravaConnectionRepository } from './strava-connection.repository.js';
import { StravaError } from './strava.errors.js';
import { StravaNotConnectedError, StravaTokensService } from './strava-tokens.service.js';
import { advance, PAGE_SIZE, startProgress, type SyncProgress } from './sync-cursor.js';

/** What a finished sync job returns (its `returnvalue`). */
export interface SyncResult {
  imported: number;
  scanned: number;
}

const isProgress = (value: unknown): value is SyncProgress =>
  typeof value === 'object' && value !== null && 'pages' in value && 'imported' in value;

/**
 * `strava-sync.athlete`: imports the athlete's new activities, one page of 200 at a time, newest
 * first (oldest first when only `after` bounds it, as Strava lists them then). Incremental (from the newest imported start, minus a look-back for late uploads),
 * resumable (its cursor lives in the job's progress, so a retry or a rate-limit pause continues
 * where it stopped), idempotent (upsert on Strava's activity id). Each page's rides queue their streams as it is stored.
 */
@Injectable()
export class StravaSyncProcessor {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly connections: StravaConnectionRepository,
    private readonly tokens: StravaTokensService,
    private readonly client: StravaClient,
    private readonly rides: RidesRepository,
    private readonly thresholds: RiderThresholdsService,
    private readonly importer: StravaRideImporter,
  ) {}

  @ProcessJob('strava-sync.athlete')
  async sync(data: JobPayload<'strava-sync.athlete'>, job: Job): Promise<SyncResult> {
    const { userId } = data;
    try {
      return await this.run(userId, job);
    } catch (error) {
      if (error instanceof StravaNotConnectedError) {
        this.logger.info({ userId }, 'Sync stopped: Strava is no longer connected');
        const progress = isProgress(job.progress) ? job.progress : startProgress(null, null);
        return { imported: progress.imported, scanned: progress.scanned };
      }
      throw error;
    }
  }

  private async run(userId: string, job: Job): Promise<SyncResult> {
    if (!(await this.connections.findForUser(userId))) throw new StravaNotConnectedError(userId);
    let progress = isProgress(job.progress) ? job.progress : await this.firstProgress(userId, job);
    const thresholds = await this.thresholds.at(userId, new Date());
    while (!progress.done) {
      const bounds = { before: progress.before ?? undefined, after: progress.after ?? undefined };
      const page = await runStravaStep(job, () =>
        this.tokens.withToken(userId, (token) =>
          this.client.listActivities(token, { ...bounds, page: 1, perPage: PAGE_SIZE }),
        ),
      );
      const upserted = await this.importer.importActivities(userId, page, thresholds);
      const inserted = upserted.filter((ride) => ride.inserted).length;
      // the page's rides queue their streams at once: the newest need not wait for the whole walk
      if (inserted > 0) await this.importer.enqueueMissingStreams(userId);
      progress = advance(
        progress,
        page.map((activity) => Math.floor(new Date(activity.start_date).getTime() / 1000)),
        inserted,
      );
      await job.updateProgress(progress);
    }
    await this.importer.enqueueMissingStreams(userId);
    await this.connections.markSynced(userId, new Date());
    this.logger.info(
      { userId, imported: progress.imported, scanned: progress.scanned, pages: progress.pages },
      'Strava sync finished',
    );
    return { imported: progress.imported, scanned: progress.scanned };
  }

  /** Where a new run starts: after the newest imported ride (less the look-back), or everything. */
  private async firstProgress(userId: string, job: Job): Promise<SyncProgress> {
    const newest = await this.rides.newestStart(userId, STRAVA_SOURCE);
    const after = newest ? Math.floor(newest.getTime() / 1000) - this.config.STRAVA_SYNC_LOOKBACK_S : null;
    const total = newest ? null : await this.rideCount(userId);
    const progress = startProgress(after, total);
    await job.updateProgress(progress);
    return progress;
  }

  /** How many rides Strava counts for the athlete (for the progress bar); null when it will not say. */
  private async rideCount(userId: string): Promise<number | null> {
    try {
      const stats = await this.tokens.withToken(userId, (token, athleteId) =>
        this.client.getAthleteStats(token, athleteId),
      );
      const count = stats.all_ride_totals?.count;
      return typeof count === 'number' && count >= 0 ? count : null;
    } catch (error) {
      if (error instanceof StravaError) return null;
      throw error;
    }
  }
}
