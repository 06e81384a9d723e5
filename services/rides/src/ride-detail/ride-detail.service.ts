import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, notFound, type Logger } from '@domestique/common';
import {
  BEST_POWER_CURVE_DAYS,
  isUuid,
  RideDetailMessages,
  RideErrorCode,
  type BestPowerCurveDto,
  type PowerCurvePointDto,
  type RideDetailDto,
  type RideStreamsDto,
  type RideStreamsQuery,
} from '@domestique/proto';
import { HEART_RATE_ZONE_UPPER_BOUNDS, POWER_ZONE_UPPER_BOUNDS } from '../metrics/power.js';
import type { Series } from '../metrics/series.js';
import { decodeStreams, type DecodedStreams } from '../rides/ride-streams.codec.js';
import { isIndoorRide, seriesOf } from '../rides/ride-measure.js';
import type { RideEntity } from '../rides/ride.entity.js';
import { toRideDto } from '../rides/ride.mapper.js';
import { RideStreamsQueue } from '../strava/ride-streams.queue.js';
import { CurveCache } from './curve-cache.js';
import { bestCurve, powerCurve, type RideCurve } from './power-curve.js';
import { intervalsOf, streamTimeOfSeriesSeconds, zonesWithBounds } from './ride-detail.view.js';
import { RideDetailRepository } from './ride-detail.repository.js';
import { channelsOf, displayIndices, seriesAt, toColumns } from './ride-streams.view.js';

const DAY_MS = 24 * 3600 * 1000;
/** curves kept in memory (see CurveCache) */
const CURVE_CACHE_RIDES = 20_000;
/** rides whose streams are read at once when building a best curve (bounds the memory of a cold cache) */
const CURVE_BATCH = 16;

/** The ride page: one ride's detail and its streams for the charts and the route. */
@Injectable()
export class RideDetailService {
  private readonly curves = new CurveCache(CURVE_CACHE_RIDES);

  constructor(
    private readonly repository: RideDetailRepository,
    private readonly streamsQueue: RideStreamsQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The rider's ride; 404 for a malformed id, another rider's ride or none. */
  async ownedRide(userId: string, rideId: string): Promise<RideEntity> {
    const ride = isUuid(rideId) ? await this.repository.findRide(userId, rideId) : null;
    if (!ride) throw notFound(RideDetailMessages.rideNotFound, RideErrorCode.NotFound);
    return ride;
  }

  async detail(userId: string, rideId: string): Promise<RideDetailDto> {
    const ride = await this.ownedRide(userId, rideId);
    const streamsPending = ride.streamsFetchedAt === null;
    if (streamsPending) this.streamsWanted(userId, ride);
    const decoded = await this.decoded(userId, ride);
    const columns = decoded ? toColumns(decoded) : null;
    const hasGps = columns?.lat != null;
    const metrics = ride.metrics;
    const workout = metrics?.workout;
    // the 1 Hz series only when something needs it (resampling is most of a detail's work)
    let series: Series | null | undefined;
    const seriesOnce = () => (series === undefined ? (series = decoded ? seriesOf(decoded) : null) : series);
    const curve = ride.deviceWatts && decoded ? this.curveOf(ride, () => seriesOnce()?.watts) : [];
    return {
      ride: toRideDto(ride),
      indoor: isIndoorRide(ride) || (!streamsPending && !hasGps),
      hasGps,
      streamsPending,
      channels: columns ? channelsOf(columns) : [],
      elapsedSeconds: columns?.time.at(-1) ?? null,
      powerZones: zonesWithBounds(metrics?.powerZones, metrics?.ftp ?? null, POWER_ZONE_UPPER_BOUNDS),
      heartRateZones: zonesWithBounds(
        metrics?.heartRateZones,
        metrics?.lthr ?? null,
        HEART_RATE_ZONE_UPPER_BOUNDS,
      ),
      workoutType: workout?.type ?? null,
      workoutStructure: workout?.structure ?? null,
      intervals:
        decoded && workout?.intervals.length
          ? intervalsOf(
              workout,
              seriesOnce(),
              streamTimeOfSeriesSeconds(decoded),
              decoded,
              metrics?.ftp ?? null,
            )
          : [],
      powerCurve: curve,
      bestPowerCurve: curve.length > 0 ? await this.bestCurveUpTo(userId, ride.startDate) : null,
    };
  }

  async streams(userId: string, rideId: string, query: RideStreamsQuery): Promise<RideStreamsDto> {
    const ride = await this.ownedRide(userId, rideId);
    const pending = ride.streamsFetchedAt === null;
    if (pending) this.streamsWanted(userId, ride);
    const data = pending ? null : await this.repository.findStreams(userId, ride.id);
    const columns = toColumns(data ? decodeStreams(data) : {});
    const indices = query.resolution === 'full' ? null : displayIndices(columns, query.points);
    const series = seriesAt(columns, indices);
    return {
      rideId: ride.id,
      points: series.time.length,
      full: !pending && series.time.length === columns.time.length,
      pending,
      totalSamples: columns.time.length,
      series,
    };
  }

  /**
   * The rider opened a ride whose streams are not fetched yet (its page polls until they are): its
   * stream fetch moves to the front of the queue. The page is answered without waiting for that.
   */
  private streamsWanted(userId: string, ride: RideEntity): void {
    this.streamsQueue.prioritiseStreams(userId, ride.id).catch((error: unknown) => {
      this.logger.warn(
        { userId, rideId: ride.id, err: error },
        'Could not move the opened ride to the front',
      );
    });
  }

  private async decoded(userId: string, ride: RideEntity): Promise<DecodedStreams | null> {
    if (!ride.streamsFetchedAt) return null;
    const data = await this.repository.findStreams(userId, ride.id);
    return data ? decodeStreams(data) : null;
  }

  /** A ride's curve, from the cache or from its power (read only on a miss). */
  private curveOf(
    ride: Pick<RideEntity, 'id' | 'streamsFetchedAt'>,
    watts: () => Float64Array | null | undefined,
  ): PowerCurvePointDto[] {
    const key = CurveCache.key(ride.id, ride.streamsFetchedAt!);
    const cached = this.curves.get(key);
    if (cached) return [...cached];
    const power = watts();
    if (!power) return [];
    const curve = powerCurve(power);
    this.curves.set(key, curve);
    return curve;
  }

  /** The rider's best curve over the BEST_POWER_CURVE_DAYS up to `to`, from cached curves where it can. */
  private async bestCurveUpTo(userId: string, to: Date): Promise<BestPowerCurveDto> {
    const from = new Date(to.getTime() - BEST_POWER_CURVE_DAYS * DAY_MS);
    const rides = await this.repository.powerRidesInWindow(userId, from, to);
    const curves: RideCurve[] = [];
    const missing = [];
    for (const ride of rides) {
      const cached = this.curves.get(CurveCache.key(ride.id, ride.streamsFetchedAt));
      if (cached) curves.push({ rideId: ride.id, startDate: ride.startDate, points: cached });
      else missing.push(ride);
    }
    for (let i = 0; i < missing.length; i += CURVE_BATCH) {
      const batch = missing.slice(i, i + CURVE_BATCH);
      const blobs = await this.repository.streamsOf(
        userId,
        batch.map((ride) => ride.id),
      );
      for (const ride of batch) {
        const data = blobs.get(ride.id);
        const points = data ? this.curveOf(ride, () => seriesOf(decodeStreams(data))?.watts) : [];
        if (points.length > 0) curves.push({ rideId: ride.id, startDate: ride.startDate, points });
      }
    }
    return {
      days: BEST_POWER_CURVE_DAYS,
      from: from.toISOString(),
      to: to.toISOString(),
      points: bestCurve(curves),
    };
  }
}
