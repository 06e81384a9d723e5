import { Inject, Injectable } from '@nestjs/common';
import { badRequest, CONFIG, JobQueue, unavailable } from '@domestique/common';
import {
  QUEUES,
  RideErrorCode,
  RideMessages,
  type JobPayload,
  type StravaSyncStatusDto,
  type SyncResponseDto,
} from '@domestique/proto';
import type { Job } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RidesConfig } from '../config/env.schema.js';
import { StravaConnectionRepository } from './strava-connection.repository.js';
import { StreamsProgressRepository } from './streams-progress.repository.js';
import { SAFE_FAILURE_MESSAGES } from './strava-jobs.js';
import type { SyncResult } from './strava-sync.processor.js';
import type { SyncProgress } from './sync-cursor.js';

/** Attempts of a sync job (rate-limit pauses do not use any). */
export const SYNC_ATTEMPTS = 8;
const POLL_MS = 250;

/** The job id of a rider's sync: one at a time per rider, a second request joins the running one. */
export const syncJobId = (userId: string): string => `sync-${userId}`;

type SyncReason = JobPayload<'strava-sync.athlete'>['reason'];

const progressOf = (job: Job): Partial<SyncProgress> =>
  typeof job.progress === 'object' && job.progress !== null ? (job.progress as Partial<SyncProgress>) : {};

/** Starting a rider's Strava sync and reporting on it (API side; the worker runs it). */
@Injectable()
export class StravaSyncService {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    private readonly jobs: JobQueue,
    private readonly connections: StravaConnectionRepository,
    private readonly streams: StreamsProgressRepository,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.stravaSync);
  }

  /**
   * Queues the rider's sync, or answers the one already queued or running. `delayMs` postpones it
   * (a catch-up after webhook events over the athlete's share); the rider's own request (or a new
   * connection) runs a postponed sync now.
   */
  async start(userId: string, reason: SyncReason, delayMs = 0): Promise<Job> {
    const id = syncJobId(userId);
    const existing = await this.queue.getJob(id);
    if (existing) {
      const state = await existing.getState();
      if (state === 'delayed' && (reason === 'manual' || reason === 'connected'))
        await existing.promote().catch(() => undefined);
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return existing;
      await existing.remove().catch(() => undefined);
    }
    const job = await this.jobs.enqueue(
      'strava-sync.athlete',
      { userId, reason },
      { jobId: id, attempts: SYNC_ATTEMPTS, delay: delayMs },
    );
    return job;
  }

  /**
   * `POST /api/strava/sync`: starts (or joins) the sync and waits up to STRAVA_SYNC_WAIT_MS for it.
   * A long first import answers `status: 'running'` and continues in the background.
   */
  async syncNow(userId: string): Promise<SyncResponseDto> {
    if (!(await this.connections.findForUser(userId)))
      throw badRequest(RideMessages.stravaNotConnected, RideErrorCode.StravaNotConnected);
    const started = await this.start(userId, 'manual');
    const deadline = Date.now() + this.config.STRAVA_SYNC_WAIT_MS;
    for (;;) {
      const job = (await this.queue.getJob(started.id!)) ?? started;
      const state = await job.getState();
      if (state === 'completed') {
        // read the job again: it may have finished between the two reads above
        const finished = (await this.queue.getJob(started.id!)) ?? job;
        const result = finished.returnvalue as SyncResult | undefined;
        const syncedCount = result?.imported ?? 0;
        return {
          message: syncedCount > 0 ? RideMessages.syncedRides(syncedCount) : RideMessages.upToDate,
          syncedCount,
          status: 'completed',
        };
      }
      if (state === 'failed') throw unavailable(this.failureMessage(job), RideErrorCode.SyncFailed);
      if (Date.now() >= deadline) {
        return {
          message: RideMessages.syncContinues,
          syncedCount: progressOf(job).imported ?? 0,
          status: 'running',
        };
      }
      await sleep(POLL_MS);
    }
  }

  /**
   * Progress of the rider's current (or last) sync, for the client's progress bar: one count of
   * imported rides from start to end (the one the finished sync reports), and apart from it how
   * many of the rider's rides have their detailed data (streams), fetched newest first.
   */
  async status(userId: string): Promise<StravaSyncStatusDto> {
    const [counts, streams, connection] = await Promise.all([
      this.importStatus(userId),
      this.streams.forUser(userId),
      this.connections.findForUser(userId),
    ]);
    // without a connection nothing is being fetched (rides kept from before say nothing)
    if (!connection) return { ...counts, streamsFetched: 0, streamsTotal: 0 };
    return { ...counts, streamsFetched: streams.fetched, streamsTotal: streams.total };
  }

  private async importStatus(
    userId: string,
  ): Promise<Omit<StravaSyncStatusDto, 'streamsFetched' | 'streamsTotal'>> {
    const idle = { state: 'idle', imported: 0, scanned: 0, total: null, message: null } as const;
    const first = await this.queue.getJob(syncJobId(userId));
    if (!first) return idle;
    const state = await first.getState();
    // read the job after its state, so a finished job's result is there
    const job = (await this.queue.getJob(syncJobId(userId))) ?? first;
    const progress = progressOf(job);
    const result = job.returnvalue as SyncResult | undefined;
    const imported = (state === 'completed' ? result?.imported : undefined) ?? progress.imported ?? 0;
    const counts = {
      imported,
      scanned: (state === 'completed' ? result?.scanned : undefined) ?? progress.scanned ?? 0,
      total:
        progress.total === null || progress.total === undefined ? null : Math.max(progress.total, imported),
    };
    switch (state) {
      case 'completed':
        return {
          state: 'completed',
          ...counts,
          total: counts.total === null ? null : imported,
          message: null,
        };
      case 'failed':
        return { state: 'failed', ...counts, message: this.failureMessage(job) };
      case 'unknown':
        return idle;
      default:
        return { state: 'running', ...counts, message: null };
    }
  }

  private failureMessage(job: Job): string {
    return SAFE_FAILURE_MESSAGES.includes(job.failedReason) ? job.failedReason : RideMessages.syncFailed;
  }
}
