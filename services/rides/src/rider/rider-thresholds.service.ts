import { Injectable } from '@nestjs/common';
import type { RiderSettingsDto } from '@domestique/proto';
import { estimateFtp } from '../metrics/power.js';
import type { ThresholdInputs, Thresholds } from '../metrics/ride-metrics.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { RiderProfileRepository } from './rider-profile.repository.js';

/** The estimates look back this far from the ride they measure. */
export const THRESHOLD_WINDOW_DAYS = 90;

const maxOf = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * FTP and LTHR for measuring a ride: the FTP the rider set, else 95% of the best 20-minute power of
 * the 90 days up to the ride; LTHR is the best 20-minute average heart rate of the same window.
 */
@Injectable()
export class RiderThresholdsService {
  constructor(
    private readonly profiles: RiderProfileRepository,
    private readonly rides: RidesRepository,
  ) {}

  async at(userId: string, at: Date, own: ThresholdInputs | null = null): Promise<Thresholds> {
    const from = new Date(at.getTime() - THRESHOLD_WINDOW_DAYS * 24 * 3600 * 1000);
    const [profile, best] = await Promise.all([
      this.profiles.findForUser(userId),
      this.rides.best20MinuteInWindow(userId, from, at),
    ]);
    const power = maxOf(best.power, own?.best20MinutePower ?? null);
    const heartrate = maxOf(best.heartrate, own?.best20MinuteHeartrate ?? null);
    const estimated = estimateFtp(power);
    return profile?.ftpWatts
      ? { ftp: profile.ftpWatts, ftpSource: 'rider', lthr: heartrate ? Math.round(heartrate) : null }
      : {
          ftp: estimated,
          ftpSource: estimated ? 'estimated' : null,
          lthr: heartrate ? Math.round(heartrate) : null,
        };
  }

  async settings(userId: string, now = new Date()): Promise<RiderSettingsDto> {
    const from = new Date(now.getTime() - THRESHOLD_WINDOW_DAYS * 24 * 3600 * 1000);
    const [profile, best] = await Promise.all([
      this.profiles.findForUser(userId),
      this.rides.best20MinuteInWindow(userId, from, now),
    ]);
    return {
      ftp: profile?.ftpWatts ?? null,
      estimatedFtp: estimateFtp(best.power),
      timeZone: profile?.timeZone ?? null,
    };
  }

  async setFtp(userId: string, ftp: number | null): Promise<RiderSettingsDto> {
    await this.profiles.setFtp(userId, ftp);
    return this.settings(userId);
  }
}
