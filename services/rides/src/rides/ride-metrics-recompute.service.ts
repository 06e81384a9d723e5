import { Inject, Injectable } from '@nestjs/common';
import { EventPublisher, JobQueue, LOGGER, type Logger } from '@domestique/common';
import type { JobPayload, RideMetricsDto } from '@domestique/proto';
import { DataSource } from 'typeorm';
import { computeRideMetrics, thresholdInputs, type Thresholds } from '../metrics/ride-metrics.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { estimateWindow, THRESHOLD_WINDOW_DAYS, thresholdsAsOf } from '../rider/rider-thresholds.service.js';
import { seriesOf, summaryOf } from './ride-measure.js';
import { decodeStreams } from './ride-streams.codec.js';
import type { RideEntity } from './ride.entity.js';
import { RidesRepository } from './rides.repository.js';

const DAY_MS = 24 * 3600 * 1000;
/** rides measured again per read of the efforts and per transaction */
export const RECOMPUTE_BATCH = 50;

/** JSON with object keys sorted (jsonb answers keys in its own order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** The metrics that depend on FTP, LTHR and max heart rate. */
const dependent = (metrics: RideMetricsDto | null) =>
  canonical([
    metrics?.intensityFactor ?? null,
    metrics?.trainingStressScore ?? null,
    metrics?.powerZones ?? [],
    metrics?.heartRateZones ?? [],
    metrics?.workout ?? null,
  ]);

const measuredWith = (metrics: RideMetricsDto | null, thresholds: Thresholds): boolean =>
  metrics !== null &&
  metrics.ftp === thresholds.ftp &&
  metrics.lthr === thresholds.lthr &&
  (metrics.ftpDescription ?? null) === (thresholds.ftpDescription ?? null);

/**
 * Measures rides again when what they are measured against changed: the rider set a threshold
 * (every ride), or a ride's streams arrived (that ride and the rides of the 90 days after it, whose
 * estimates as of their date it may change). Runs as `ride-metrics.recompute` on the rides worker,
 * in batches; publishes ride.metrics-changed for each ride whose IF, TSS, zones or workout changed.
 * Idempotent: a ride already measured against its thresholds is left alone.
 */
@Injectable()
export class RideMetricsRecomputeService {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly rides: RidesRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly events: EventPublisher,
    private readonly jobs: JobQueue,
  ) {}

  async afterSettings(userId: string): Promise<void> {
    await this.jobs.enqueue(
      'ride-metrics.recompute',
      { userId, reason: 'settings' },
      { jobId: `ride-metrics-settings-${userId}-${Date.now()}` },
    );
  }

  async afterStreams(userId: string, rideId: string, startDate: Date): Promise<void> {
    await this.jobs.enqueue(
      'ride-metrics.recompute',
      {
        userId,
        fromDate: startDate.toISOString(),
        toDate: new Date(startDate.getTime() + THRESHOLD_WINDOW_DAYS * DAY_MS).toISOString(),
        reason: 'streams',
      },
      { jobId: `ride-metrics-streams-${rideId}-${Date.now()}` },
    );
  }

  async run(data: JobPayload<'ride-metrics.recompute'>): Promise<{ checked: number; changed: number }> {
    const { userId, reason } = data;
    const bounds = {
      ...(data.fromDate ? { from: new Date(data.fromDate) } : {}),
      ...(data.toDate ? { to: new Date(data.toDate) } : {}),
    };
    await this.fillMissingEfforts(userId);
    const profile = await this.profiles.findForUser(userId);
    let after: RideEntity | null = null;
    let checked = 0;
    let changed = 0;
    for (;;) {
      const batch = await this.rides.listForRecompute(userId, bounds, after, RECOMPUTE_BATCH);
      if (batch.length === 0) break;
      after = batch.at(-1)!;
      const efforts = await this.rides.effortsInWindow(
        userId,
        estimateWindow(batch[0]!.startDate).from,
        after.startDate,
      );
      const updates: { ride: RideEntity; metrics: RideMetricsDto; changed: boolean }[] = [];
      for (const ride of batch) {
        const thresholds = thresholdsAsOf(profile, efforts, ride.startDate);
        // a setting (max heart rate too) may change the workout: settings measure every ride again
        if (reason !== 'settings' && measuredWith(ride.metrics, thresholds)) continue;
        const metrics = computeRideMetrics(await this.seriesOfRide(ride), summaryOf(ride), thresholds);
        if (canonical(metrics) === canonical(ride.metrics)) continue;
        updates.push({ ride, metrics, changed: dependent(ride.metrics) !== dependent(metrics) });
      }
      checked += batch.length;
      // one short transaction per ride: like a streams fetch, it locks the ride and then the rider's
      // totals row (its trigger), so the two never wait on each other in a cycle
      for (const update of updates) if (await this.save(userId, update, reason)) changed += 1;
    }
    this.logger.debug({ userId, reason, checked, changed }, 'Ride metrics recomputed');
    return { checked, changed };
  }

  /**
   * Rides whose streams were stored before their efforts were: reads the efforts from the stored
   * streams first, so every ride with streams counts toward the estimates.
   */
  private async fillMissingEfforts(userId: string): Promise<void> {
    for (;;) {
      const missing = await this.rides.missingEfforts(userId, RECOMPUTE_BATCH);
      if (missing.length === 0) return;
      for (const ride of missing) {
        const stored = await this.rides.findStreams(userId, ride.id);
        const series = stored ? seriesOf(decodeStreams(stored.data)) : null;
        const { best20MinutePower: _, ...efforts } = thresholdInputs(series, ride.deviceWatts);
        await this.rides.saveEfforts(userId, ride.id, efforts);
      }
    }
  }

  /** Stores one ride's new metrics; publishes ride.metrics-changed when what depends on thresholds changed. */
  private save(
    userId: string,
    update: { ride: RideEntity; metrics: RideMetricsDto; changed: boolean },
    reason: JobPayload<'ride-metrics.recompute'>['reason'],
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await this.rides.updateMetrics(manager, userId, update.ride, update.metrics);
      if (!saved || !update.changed) return false;
      await this.events.publish(manager, 'ride.metrics-changed', {
        userId,
        rideId: update.ride.id,
        reason: reason === 'settings' ? 'settings' : 'estimate',
      });
      return true;
    });
  }

  /** The stored streams of a ride measured from them, as 1 Hz series; null for a summary ride. */
  private async seriesOfRide(ride: RideEntity) {
    if (!ride.streamsFetchedAt || ride.metrics?.source !== 'streams') return null;
    const stored = await this.rides.findStreams(ride.userId, ride.id);
    return stored ? seriesOf(decodeStreams(stored.data)) : null;
  }
}
