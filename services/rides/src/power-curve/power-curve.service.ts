import { Injectable } from '@nestjs/common';
import {
  POWER_CURVE_DEFAULT_DAYS,
  POWER_CURVE_SECONDS,
  type PowerCurveDto,
  type Tier,
  type TrainingRangeQuery,
} from '@domestique/proto';
import { addDays, localDate, startOfLocalDay } from '../analytics/calendar.js';
import { riderTimeZone } from '../analytics/rider-time-zone.js';
import { powerCurve } from '../ride-detail/power-curve.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { decodeStreams } from '../rides/ride-streams.codec.js';
import { seriesOf } from '../rides/ride-measure.js';
import { checkRange, requirePaidTier } from '../training/training.service.js';
import { PowerCurveRepository, type CurveRow } from './power-curve.repository.js';
import { criticalPowerModel, mergeCurves, type StoredCurve } from './rider-curve.js';

/** Rides whose streams are decoded at once when curves are missing (bounds a cold fill's memory). */
const FILL_BATCH = 20;

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The rider's power-duration curve over a range (best average power for 1 s to 5 h, with the ride and
 * date of each), W/kg from the rider's weight, and the critical-power model fitted to it. Each ride's
 * curve is stored once (ride_power_curves), so a year is a merge of stored rows; rides whose curve is
 * missing or older than their streams are computed from the streams first.
 */
@Injectable()
export class PowerCurveService {
  constructor(
    private readonly repository: PowerCurveRepository,
    private readonly profiles: RiderProfileRepository,
  ) {}

  async curve(
    userId: string,
    tier: Tier,
    query: TrainingRangeQuery,
    now = new Date(),
  ): Promise<PowerCurveDto> {
    requirePaidTier(tier);
    const [timeZone, profile] = await Promise.all([
      riderTimeZone(this.profiles, userId, query.tz),
      this.profiles.findForUser(userId),
    ]);
    const to = query.to ?? localDate(now, timeZone);
    const from = query.from ?? addDays(to, -(POWER_CURVE_DEFAULT_DAYS - 1));
    checkRange(from, to);

    const rows = await this.repository.curvesIn(
      userId,
      startOfLocalDay(from, timeZone),
      startOfLocalDay(addDays(to, 1), timeZone),
    );
    const curves = await this.withCurves(userId, rows);
    const merged = mergeCurves(curves, POWER_CURVE_SECONDS);
    const weight = profile?.weightKg ?? null;
    return {
      from,
      to,
      points: merged.map((point) => ({
        durationS: point.durationS,
        watts: Math.round(point.watts),
        wattsPerKg: weight ? round2(point.watts / weight) : null,
        rideId: point.rideId,
        date: localDate(point.startDate, timeZone),
      })),
      model: criticalPowerModel(merged),
    };
  }

  /** The rows' curves, computing (and storing) the ones that are missing or stale. */
  private async withCurves(userId: string, rows: CurveRow[]): Promise<StoredCurve[]> {
    const curves: StoredCurve[] = [];
    const missing: CurveRow[] = [];
    for (const row of rows) {
      if (row.watts) curves.push({ rideId: row.rideId, startDate: row.startDate, watts: row.watts });
      else missing.push(row);
    }
    for (let i = 0; i < missing.length; i += FILL_BATCH) {
      const batch = missing.slice(i, i + FILL_BATCH);
      const blobs = await this.repository.streamsOf(
        userId,
        batch.map((row) => row.rideId),
      );
      const computed = batch.map((row) => {
        const data = blobs.get(row.rideId);
        const power = data ? seriesOf(decodeStreams(data))?.watts : null;
        return { ...row, watts: power ? powerCurve(power).map((point) => point.watts) : [] };
      });
      await this.repository.save(userId, computed);
      for (const curve of computed) if (curve.watts.length > 0) curves.push(curve);
    }
    return curves;
  }
}
