import { Injectable } from '@nestjs/common';
import { badRequest } from '@domestique/common';
import {
  DEFAULT_UNIT_SYSTEM,
  PhysiologyMessages,
  type RiderSettingsDto,
  type RiderSettingsRequest,
  type ThresholdSource,
} from '@domestique/proto';
import { ESTIMATE_WINDOW_DAYS, estimatesAsOf, type RideEfforts } from '../metrics/physiology.js';
import type { Thresholds } from '../metrics/ride-metrics.js';
import { RideMetricsRecomputeService } from '../rides/ride-metrics-recompute.service.js';
import { RidesRepository } from '../rides/rides.repository.js';
import type { RiderProfileEntity } from './rider-profile.entity.js';
import { RiderProfileRepository } from './rider-profile.repository.js';

/** The estimates look back this far from the ride they measure. */
export const THRESHOLD_WINDOW_DAYS = ESTIMATE_WINDOW_DAYS;
const DAY_MS = 24 * 3600 * 1000;

/** Everything a ride or the coach is measured against as of a date, and where each value came from. */
export interface RiderThresholds extends Thresholds {
  lthrSource: ThresholdSource | null;
  maxHeartrate: number | null;
  maxHeartrateSource: ThresholdSource | null;
  weightKg: number | null;
}

/** The window of rides whose efforts decide the estimates as of `at`. */
export const estimateWindow = (at: Date): { from: Date; to: Date } => ({
  from: new Date(at.getTime() - THRESHOLD_WINDOW_DAYS * DAY_MS),
  to: at,
});

/**
 * The rider's settings first, else the estimates as of `at` over `efforts` (pure: the recompute
 * job calls it for many dates over one read of the efforts).
 */
export const thresholdsAsOf = (
  profile: RiderProfileEntity | null,
  efforts: readonly RideEfforts[],
  at: Date,
): RiderThresholds => {
  const estimates = estimatesAsOf(efforts, at, { timeZone: profile?.timeZone });
  const pick = (set: number | null | undefined, estimate: { value: number } | null) =>
    set
      ? { value: set, source: 'rider' as const }
      : estimate
        ? { value: estimate.value, source: 'estimated' as const }
        : { value: null, source: null };
  const ftp = pick(profile?.ftpWatts, estimates.ftp);
  const lthr = pick(profile?.thresholdHeartrate, estimates.thresholdHeartrate);
  const max = pick(profile?.maxHeartrate, estimates.maxHeartrate);
  return {
    ftp: ftp.value,
    ftpSource: ftp.source,
    ftpDescription: ftp.source === 'estimated' ? (estimates.ftp?.description ?? null) : null,
    lthr: lthr.value,
    lthrSource: lthr.source,
    maxHeartrate: max.value,
    maxHeartrateSource: max.source,
    weightKg: profile?.weightKg ?? null,
  };
};

/**
 * FTP, LTHR and max heart rate for measuring a ride: what the rider set, else estimates as of the
 * ride's date from every ride with streams of the 90 days up to it (metrics/physiology.ts), so the
 * answer never depends on the order the rides were processed in.
 */
@Injectable()
export class RiderThresholdsService {
  constructor(
    private readonly profiles: RiderProfileRepository,
    private readonly rides: RidesRepository,
    private readonly recompute: RideMetricsRecomputeService,
  ) {}

  /** `own`: the efforts of a ride being measured that are not stored yet (they replace its stored ones). */
  async at(userId: string, at: Date, own: RideEfforts | null = null): Promise<RiderThresholds> {
    const window = estimateWindow(at);
    const [profile, stored] = await Promise.all([
      this.profiles.findForUser(userId),
      this.rides.effortsInWindow(userId, window.from, window.to),
    ]);
    const efforts = own ? [...stored.filter((ride) => ride.rideId !== own.rideId), own] : stored;
    return thresholdsAsOf(profile, efforts, at);
  }

  async settings(userId: string, now = new Date()): Promise<RiderSettingsDto> {
    const window = estimateWindow(now);
    const [profile, efforts] = await Promise.all([
      this.profiles.findForUser(userId),
      this.rides.effortsInWindow(userId, window.from, window.to),
    ]);
    const estimates = estimatesAsOf(efforts, now, { timeZone: profile?.timeZone });
    return {
      ftp: profile?.ftpWatts ?? null,
      thresholdHeartrate: profile?.thresholdHeartrate ?? null,
      maxHeartrate: profile?.maxHeartrate ?? null,
      weightKg: profile?.weightKg ?? null,
      estimates,
      estimatedFtp: estimates.ftp?.value ?? null,
      timeZone: profile?.timeZone ?? null,
      units: profile?.units ?? DEFAULT_UNIT_SYSTEM,
    };
  }

  /**
   * Saves the fields the request carries (a validated RiderSettingsRequest) in one write, then
   * queues the recompute of every ride of the rider when a threshold changed. A threshold heart rate
   * at or above the max heart rate (sent or stored) is refused before anything is written.
   */
  async update(userId: string, request: RiderSettingsRequest): Promise<RiderSettingsDto> {
    const stored = await this.profiles.findForUser(userId);
    const threshold =
      request.thresholdHeartrate !== undefined
        ? request.thresholdHeartrate
        : (stored?.thresholdHeartrate ?? null);
    const max = request.maxHeartrate !== undefined ? request.maxHeartrate : (stored?.maxHeartrate ?? null);
    const touchesHeartrate = request.thresholdHeartrate !== undefined || request.maxHeartrate !== undefined;
    if (touchesHeartrate && threshold !== null && max !== null && threshold >= max)
      throw badRequest(PhysiologyMessages.thresholdAboveMax);
    const changes = {
      ...(request.ftp !== undefined ? { ftpWatts: request.ftp } : {}),
      ...(request.thresholdHeartrate !== undefined ? { thresholdHeartrate: request.thresholdHeartrate } : {}),
      ...(request.maxHeartrate !== undefined ? { maxHeartrate: request.maxHeartrate } : {}),
      ...(request.weightKg !== undefined ? { weightKg: request.weightKg } : {}),
      ...(request.units !== undefined ? { units: request.units } : {}),
    };
    await this.profiles.saveSettings(userId, changes);
    const thresholdChanged =
      (request.ftp !== undefined && request.ftp !== (stored?.ftpWatts ?? null)) ||
      (request.thresholdHeartrate !== undefined &&
        request.thresholdHeartrate !== (stored?.thresholdHeartrate ?? null)) ||
      (request.maxHeartrate !== undefined && request.maxHeartrate !== (stored?.maxHeartrate ?? null));
    if (thresholdChanged) await this.recompute.afterSettings(userId);
    return this.settings(userId);
  }
}
