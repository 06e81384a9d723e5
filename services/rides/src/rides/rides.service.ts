import { Injectable } from '@nestjs/common';
import { conflict, EventPublisher, notFound } from '@domestique/common';
import {
  isUuid,
  RideErrorCode,
  UploadMessages,
  DASHBOARD_RECENT_RIDES,
  metresToFeet,
  metresToMiles,
  round2,
  type DashboardStatsDto,
  type RideDto,
  type RidesPageDto,
  type RideTotalsDto,
  type UserAveragesDto,
} from '@domestique/proto';
import { DataSource } from 'typeorm';
import { riderTimeZone } from '../analytics/rider-time-zone.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { decodeCursor, encodeCursor } from './ride-cursor.js';
import { toRideDto } from './ride.mapper.js';
import { isDeletableSource } from './ride-source.js';
import { sortValueOf, UNFILTERED, type RideListFilter } from './rides-filter.js';
import { RidesRepository } from './rides.repository.js';

/** The rider's rides and the numbers the dashboard and the rides page show. */
@Injectable()
export class RidesService {
  constructor(
    private readonly rides: RidesRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /**
   * Deletes one of the rider's uploaded rides (its streams and kept file go with it) and publishes
   * ride.deleted in the same transaction, so goals, stats and the analysis follow. A Strava ride is
   * refused (409): the next sync would bring it back; it goes when deleted on Strava or on disconnect.
   */
  async delete(userId: string, rideId: string): Promise<void> {
    const outcome = isUuid(rideId)
      ? await this.dataSource.transaction(async (manager) => {
          const result = await this.rides.deleteOwned(manager, userId, rideId, isDeletableSource);
          if (result === 'deleted') await this.events.publish(manager, 'ride.deleted', { userId, rideId });
          return result;
        })
      : 'missing';
    if (outcome === 'missing') throw notFound(UploadMessages.notYourRide, RideErrorCode.NotFound);
    if (outcome === 'kept') throw conflict(UploadMessages.stravaRideDelete);
  }

  /** Every ride, newest first (the spec's `GET /api/rides`). */
  async list(userId: string): Promise<RideDto[]> {
    return (await this.rides.listForUser(userId)).map(toRideDto);
  }

  /** One page of the rides `filter` keeps, in its order, after `cursor`; the total is the filtered one. */
  async page(
    userId: string,
    limit: number,
    cursor?: string | null,
    filter: RideListFilter = UNFILTERED,
  ): Promise<RidesPageDto> {
    const { sortBy, sortOrder } = filter;
    const after = cursor ? decodeCursor(cursor, sortBy, sortOrder) : null;
    const [rides, totalCount] = await Promise.all([
      this.rides.listPage(userId, limit + 1, filter, after),
      this.rides.countForUser(userId, filter),
    ]);
    const more = rides.length > limit;
    const shown = more ? rides.slice(0, limit) : rides;
    const last = shown[shown.length - 1];
    return {
      rides: shown.map(toRideDto),
      totalCount,
      nextCursor:
        more && last
          ? encodeCursor({ sortBy, sortOrder, value: sortValueOf(last, sortBy), id: last.id })
          : null,
    };
  }

  /**
   * This week's totals (Monday 00:00 in the rider's time zone: from Strava, else the browser's,
   * else UTC) and the most recent rides.
   */
  async dashboardStats(
    userId: string,
    browserTimeZone?: string,
    now = new Date(),
  ): Promise<DashboardStatsDto> {
    const timeZone = await riderTimeZone(this.profiles, userId, browserTimeZone);
    const [week, recent] = await Promise.all([
      this.rides.weeklyTotals(userId, timeZone, now),
      this.rides.listForUser(userId, DASHBOARD_RECENT_RIDES),
    ]);
    return {
      weeklyStats: {
        totalDistance: round2(metresToMiles(week.distanceM)),
        totalTime: week.timeS,
        totalElevation: round2(metresToFeet(week.elevationM)),
        avgPower: Math.round(week.avgPower),
      },
      recentRides: recent.map(toRideDto),
    };
  }

  averages(userId: string): Promise<UserAveragesDto> {
    return this.rides.averages(userId);
  }

  totals(userId: string): Promise<RideTotalsDto> {
    return this.rides.totals(userId);
  }
}
