import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_RIDE_TYPE, type RideMetricsDto, type RideSortField } from '@domestique/proto';
import {
  Between,
  LessThanOrEqual,
  Not,
  Repository,
  type EntityManager,
  type SelectQueryBuilder,
} from 'typeorm';
import type { RideEfforts } from '../metrics/physiology.js';
import type { StoredEfforts } from '../metrics/ride-metrics.js';
import type { RideCursor } from './ride-cursor.js';
import type { StreamMeasurement } from './ride-from-streams.js';
import { SORT_COLUMNS, UNFILTERED, type RideListFilter } from './rides-filter.js';
import { RideEntity } from './ride.entity.js';
import { RideStreamsEntity } from './ride-streams.entity.js';

/** The fields an import writes (Strava's summary of one activity plus the summary metrics). */
export interface RideImport {
  externalId: string;
  name: string | null;
  sportType: string | null;
  startDate: Date;
  timeZone: string | null;
  distanceM: number;
  movingTimeS: number;
  elapsedTimeS: number;
  totalElevationGainM: number;
  averageSpeedMps: number;
  averageWatts: number | null;
  weightedAverageWatts: number | null;
  maxWatts: number | null;
  deviceWatts: boolean;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  averageCadence: number | null;
  trainer: boolean;
  commute: boolean;
  isPrivate: boolean;
  metrics: RideMetricsDto;
}

/** An uploaded ride's row: the import's fields plus the file's format and recording device. */
export interface UploadedRide extends Omit<RideImport, 'metrics'> {
  fileFormat: string;
  device: string | null;
}

/** A stored ride that may be the same activity as a new one (see upload/duplicates.ts). */
export interface RideTwin {
  id: string;
  source: string;
  startDate: Date;
  elapsedTimeS: number;
  movingTimeS: number;
  deviceWatts: boolean;
  averageHeartrate: number | null;
  averageCadence: number | null;
  /** the ride's streams are stored (fetched from Strava, or from a file) */
  hasStreams: boolean;
}

export interface UpsertedRide {
  id: string;
  externalId: string;
  startDate: Date;
  /** true when the ride is new (false when an earlier import already had it) */
  inserted: boolean;
}

export interface WeeklyTotals {
  distanceM: number;
  timeS: number;
  elevationM: number;
  avgPower: number;
}

export interface RideAverages {
  totalRides: number;
  averageSpeed: number;
  averagePower: number;
  averageDistance: number;
}

const COLUMNS: [keyof RideImport, string, string][] = [
  ['externalId', 'external_id', 'text'],
  ['name', 'name', 'text'],
  ['sportType', 'sport_type', 'text'],
  ['startDate', 'start_date', 'timestamptz'],
  ['timeZone', 'time_zone', 'text'],
  ['distanceM', 'distance_m', 'double precision'],
  ['movingTimeS', 'moving_time_s', 'integer'],
  ['elapsedTimeS', 'elapsed_time_s', 'integer'],
  ['totalElevationGainM', 'total_elevation_gain_m', 'double precision'],
  ['averageSpeedMps', 'average_speed_mps', 'double precision'],
  ['averageWatts', 'average_watts', 'double precision'],
  ['weightedAverageWatts', 'weighted_average_watts', 'double precision'],
  ['maxWatts', 'max_watts', 'double precision'],
  ['deviceWatts', 'device_watts', 'boolean'],
  ['averageHeartrate', 'average_heartrate', 'double precision'],
  ['maxHeartrate', 'max_heartrate', 'double precision'],
  ['averageCadence', 'average_cadence', 'double precision'],
  ['trainer', 'trainer', 'boolean'],
  ['commute', 'commute', 'boolean'],
  ['isPrivate', 'is_private', 'boolean'],
  ['metrics', 'metrics', 'jsonb'],
];

/** The SQL type of each sort column, for the keyset comparison. */
const SORT_COLUMN_TYPES: Record<RideSortField, string> = {
  date: 'timestamptz',
  distance: 'double precision',
  duration: 'integer',
  speed: 'double precision',
};

/** The only code that queries the rides and ride_streams tables; every method takes the owner. */
@Injectable()
export class RidesRepository {
  constructor(@InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>) {}

  private get table(): string {
    return this.rides.metadata.tablePath;
  }

  listForUser(userId: string, limit?: number): Promise<RideEntity[]> {
    return this.rides.find({
      where: { userId },
      order: { startDate: 'DESC', id: 'DESC' },
      ...(limit ? { take: limit } : {}),
    });
  }

  /** The rider's rides that started at or before `at`, other than `rideId`, newest first. */
  listBefore(userId: string, at: Date, rideId: string, limit: number): Promise<RideEntity[]> {
    return this.rides.find({
      where: { userId, startDate: LessThanOrEqual(at), id: Not(rideId) },
      order: { startDate: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /**
   * One page of the rides `filter` keeps, in its order, after `cursor` (keyset pagination on the
   * sort column and id, so a page never skips or repeats a ride whatever the sort).
   */
  listPage(
    userId: string,
    limit: number,
    filter: RideListFilter,
    cursor: RideCursor | null,
  ): Promise<RideEntity[]> {
    const column = `ride.${SORT_COLUMNS[filter.sortBy]}`;
    const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const query = this.filtered(userId, filter)
      .orderBy(column, direction)
      .addOrderBy('ride.id', direction)
      .limit(limit);
    if (cursor) {
      query.andWhere(
        `(${column}, ride.id) ${direction === 'ASC' ? '>' : '<'} (CAST(:after AS ${SORT_COLUMN_TYPES[filter.sortBy]}), :afterId)`,
        { after: cursor.value, afterId: cursor.id },
      );
    }
    return query.getMany();
  }

  /** How many rides `filter` keeps (every ride without one). */
  countForUser(userId: string, filter: RideListFilter = UNFILTERED): Promise<number> {
    return this.filtered(userId, filter).getCount();
  }

  private filtered(userId: string, filter: RideListFilter): SelectQueryBuilder<RideEntity> {
    const query = this.rides.createQueryBuilder('ride').where('ride.user_id = :userId', { userId });
    const tz = { tz: filter.timeZone };
    if (filter.from)
      query.andWhere('ride.start_date >= (CAST(:from AS date)::timestamp AT TIME ZONE :tz)', {
        from: filter.from,
        ...tz,
      });
    if (filter.to)
      query.andWhere('ride.start_date < ((CAST(:to AS date) + 1)::timestamp AT TIME ZONE :tz)', {
        to: filter.to,
        ...tz,
      });
    if (filter.type)
      query.andWhere('coalesce(ride.sport_type, :defaultType) = :type', {
        type: filter.type,
        defaultType: DEFAULT_RIDE_TYPE,
      });
    if (filter.minDistanceM !== undefined)
      query.andWhere('ride.distance_m >= :minDistance', { minDistance: filter.minDistanceM });
    if (filter.maxDistanceM !== undefined)
      query.andWhere('ride.distance_m <= :maxDistance', { maxDistance: filter.maxDistanceM });
    if (filter.minMovingTimeS !== undefined)
      query.andWhere('ride.moving_time_s >= :minTime', { minTime: filter.minMovingTimeS });
    if (filter.maxMovingTimeS !== undefined)
      query.andWhere('ride.moving_time_s <= :maxTime', { maxTime: filter.maxMovingTimeS });
    if (filter.hasAiFeedback !== undefined)
      query.andWhere('ride.has_ai_feedback = :analysed', { analysed: filter.hasAiFeedback });
    return query;
  }

  findForUser(userId: string, rideId: string): Promise<RideEntity | null> {
    return this.rides.findOneBy({ userId, id: rideId });
  }

  /** Start of the newest ride from `source`, or null without any. */
  async newestStart(userId: string, source: string): Promise<Date | null> {
    const [row] = (await this.rides.query(
      `SELECT max(start_date) AS newest FROM ${this.table} WHERE user_id = $1 AND source = $2`,
      [userId, source],
    )) as { newest: Date | null }[];
    return row?.newest ?? null;
  }

  /**
   * Inserts new rides and refreshes the summary of known ones (idempotent on the provider's id: the
   * unique index decides, so retries and concurrent syncs never duplicate). Metrics computed from
   * streams are never replaced by summary metrics.
   */
  async upsert(
    manager: EntityManager,
    userId: string,
    source: string,
    rides: RideImport[],
  ): Promise<UpsertedRide[]> {
    if (rides.length === 0) return [];
    const rows = rides.map((ride) =>
      Object.fromEntries(
        COLUMNS.map(([field, column]) => {
          const value = ride[field];
          return [column, value instanceof Date ? value.toISOString() : value];
        }),
      ),
    );
    const updates = COLUMNS.filter(([field]) => field !== 'externalId' && field !== 'metrics')
      .map(([, column]) => `${column} = EXCLUDED.${column}`)
      .join(', ');
    const result = (await manager.query(
      `INSERT INTO ${this.table} (user_id, source, ${COLUMNS.map(([, c]) => c).join(', ')})
       SELECT $1, $2, ${COLUMNS.map(([, c]) => `r.${c}`).join(', ')}
       FROM jsonb_to_recordset($3::jsonb) AS r(${COLUMNS.map(([, c, type]) => `${c} ${type}`).join(', ')})
       ON CONFLICT (user_id, source, external_id) DO UPDATE SET ${updates},
         metrics = CASE WHEN ${this.table}.streams_fetched_at IS NULL THEN EXCLUDED.metrics
                        ELSE ${this.table}.metrics END,
         updated_at = now()
       RETURNING id, external_id, start_date, (xmax = 0) AS inserted`,
      [userId, source, JSON.stringify(rows)],
    )) as { id: string; external_id: string; start_date: Date; inserted: boolean }[];
    return result.map((row) => ({
      id: row.id,
      externalId: row.external_id,
      startDate: new Date(row.start_date),
      inserted: row.inserted,
    }));
  }

  /** Deletes one ride (its streams go with it); answers its id, or null if it was not there. */
  async deleteByExternalId(
    manager: EntityManager,
    userId: string,
    source: string,
    externalId: string,
  ): Promise<string | null> {
    const rows = (await manager.query(
      `DELETE FROM ${this.table} WHERE user_id = $1 AND source = $2 AND external_id = $3 RETURNING id`,
      [userId, source, externalId],
    )) as [{ id: string }[], number];
    return rows[0]?.[0]?.id ?? null;
  }

  /**
   * Serialises a rider's uploads until the transaction ends, so two files of the same activity sent
   * at once cannot both pass the duplicate check.
   */
  async lockRiderUploads(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('ride-upload:' || $1))`, [userId]);
  }

  /** The rider's rides that started within `windowS` seconds of `startDate`, closest first. */
  async findTwins(
    manager: EntityManager,
    userId: string,
    startDate: Date,
    windowS: number,
  ): Promise<RideTwin[]> {
    return this.twins(
      manager,
      `start_date BETWEEN $2::timestamptz - make_interval(secs => $3)
                      AND $2::timestamptz + make_interval(secs => $3)
       ORDER BY abs(extract(epoch FROM start_date - $2::timestamptz)), id`,
      [userId, startDate.toISOString(), windowS],
    );
  }

  /** The rider's rides of `source` that started between `from` and `to`: one read for a page of activities. */
  findTwinsBetween(
    manager: EntityManager,
    userId: string,
    source: string,
    from: Date,
    to: Date,
  ): Promise<RideTwin[]> {
    return this.twins(manager, `source = $2 AND start_date BETWEEN $3 AND $4 ORDER BY start_date, id`, [
      userId,
      source,
      from.toISOString(),
      to.toISOString(),
    ]);
  }

  private async twins(manager: EntityManager, where: string, params: unknown[]): Promise<RideTwin[]> {
    const rows = (await manager.query(
      `SELECT id, source, start_date, elapsed_time_s, moving_time_s, device_watts, average_heartrate,
              average_cadence, streams_fetched_at IS NOT NULL AS has_streams
       FROM ${this.table}
       WHERE user_id = $1 AND ${where}`,
      params,
    )) as {
      id: string;
      source: string;
      start_date: Date;
      elapsed_time_s: number;
      moving_time_s: number;
      device_watts: boolean;
      average_heartrate: number | null;
      average_cadence: number | null;
      has_streams: boolean;
    }[];
    return rows.map((row) => ({
      id: row.id,
      source: row.source,
      startDate: new Date(row.start_date),
      elapsedTimeS: row.elapsed_time_s,
      movingTimeS: row.moving_time_s,
      deviceWatts: row.device_watts,
      averageHeartrate: row.average_heartrate,
      averageCadence: row.average_cadence,
      hasStreams: row.has_streams,
    }));
  }

  /**
   * Stores an uploaded ride with its streams and metrics: a new row with `rideId`, or (`replace`)
   * the data of an existing ride of the rider replaced by the file's, keeping its id (and so its
   * feedback and goal links) and its name and time zone when the file has none. Answers false when
   * `replace` found no such ride.
   */
  async saveUploaded(
    manager: EntityManager,
    userId: string,
    rideId: string,
    ride: UploadedRide,
    measured: StreamMeasurement,
    replace: boolean,
  ): Promise<boolean> {
    const values = {
      ...ride,
      source: 'upload',
      metrics: measured.metrics,
      best20MinutePower: measured.best20MinutePower,
      best20MinuteHeartrate: measured.best20MinuteHeartrate,
      efforts: measured.efforts,
      streamsFetchedAt: new Date(),
    };
    if (replace) {
      // what only the other copy says (Strava's name and time zone) stays when the file is silent
      const { name, timeZone, ...rest } = values;
      const updated = await manager.update(
        RideEntity,
        { id: rideId, userId },
        { ...rest, ...(name !== null ? { name } : {}), ...(timeZone !== null ? { timeZone } : {}) },
      );
      if ((updated.affected ?? 0) === 0) return false;
      if (!measured.streams) await manager.delete(RideStreamsEntity, { rideId, userId });
    } else {
      await manager.insert(RideEntity, { id: rideId, userId, ...values });
    }
    if (measured.streams) await this.saveStreams(manager, userId, rideId, measured.streams);
    return true;
  }

  /**
   * Deletes one of the rider's rides unless it comes from a source that would bring it back (see
   * `deletable`); answers 'deleted', 'kept' (not deletable) or 'missing' (no such ride of the rider).
   */
  async deleteOwned(
    manager: EntityManager,
    userId: string,
    rideId: string,
    deletable: (source: string) => boolean,
  ): Promise<'deleted' | 'kept' | 'missing'> {
    const ride = await manager.findOne(RideEntity, {
      where: { id: rideId, userId },
      select: { id: true, source: true },
      lock: { mode: 'pessimistic_write' },
    });
    if (!ride) return 'missing';
    if (!deletable(ride.source)) return 'kept';
    await manager.delete(RideEntity, { id: rideId, userId });
    return 'deleted';
  }

  /** Deletes every ride of a rider from one source; answers their ids. */
  async deleteAllFromSource(manager: EntityManager, userId: string, source: string): Promise<string[]> {
    const rows = (await manager.query(
      `DELETE FROM ${this.table} WHERE user_id = $1 AND source = $2 RETURNING id`,
      [userId, source],
    )) as [{ id: string }[], number];
    return (rows[0] ?? []).map((row) => row.id);
  }

  async markAnalysed(manager: EntityManager, userId: string, rideId: string): Promise<void> {
    await manager.update(RideEntity, { id: rideId, userId }, { hasAiFeedback: true });
  }

  async deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RideStreamsEntity, { userId });
    await manager.delete(RideEntity, { userId });
  }

  /** Stores a ride's streams and the metrics computed from them, in one transaction. */
  async saveStreamMetrics(
    manager: EntityManager,
    userId: string,
    rideId: string,
    values: {
      metrics: RideMetricsDto;
      best20MinutePower: number | null;
      best20MinuteHeartrate: number | null;
      efforts: StoredEfforts | null;
      streams: { data: Buffer; samples: number; format: number } | null;
    },
  ): Promise<boolean> {
    const updated = await manager.update(
      RideEntity,
      { id: rideId, userId },
      {
        metrics: values.metrics,
        best20MinutePower: values.best20MinutePower,
        best20MinuteHeartrate: values.best20MinuteHeartrate,
        efforts: values.efforts,
        streamsFetchedAt: new Date(),
      },
    );
    if ((updated.affected ?? 0) === 0) return false;
    if (values.streams) await this.saveStreams(manager, userId, rideId, values.streams);
    return true;
  }

  private async saveStreams(
    manager: EntityManager,
    userId: string,
    rideId: string,
    streams: { data: Buffer; samples: number; format: number },
  ): Promise<void> {
    await manager.upsert(
      RideStreamsEntity,
      { rideId, userId, format: streams.format, samples: streams.samples, data: streams.data },
      ['rideId'],
    );
  }

  /** Rides from `source` whose streams have not been fetched yet. */
  async missingStreams(
    userId: string,
    source: string,
  ): Promise<{ id: string; externalId: string; startDate: Date }[]> {
    const rows = (await this.rides.query(
      `SELECT id, external_id, start_date FROM ${this.table}
       WHERE user_id = $1 AND source = $2 AND streams_fetched_at IS NULL`,
      [userId, source],
    )) as { id: string; external_id: string; start_date: Date }[];
    return rows.map((row) => ({
      id: row.id,
      externalId: row.external_id,
      startDate: new Date(row.start_date),
    }));
  }

  findStreams(userId: string, rideId: string): Promise<RideStreamsEntity | null> {
    return this.rides.manager.findOneBy(RideStreamsEntity, { userId, rideId });
  }

  /**
   * What each ride with streams that started in (from, to] gives the rider's estimates. Rides stored
   * before `efforts` existed give their best 20 minutes.
   */
  async effortsInWindow(userId: string, from: Date, to: Date): Promise<RideEfforts[]> {
    const rows = (await this.rides.query(
      `SELECT id, start_date, efforts, best20_minute_power, best20_minute_heartrate
       FROM ${this.table}
       WHERE user_id = $1 AND start_date > $2 AND start_date <= $3 AND streams_fetched_at IS NOT NULL`,
      [userId, from, to],
    )) as {
      id: string;
      start_date: Date;
      efforts: StoredEfforts | null;
      best20_minute_power: number | null;
      best20_minute_heartrate: number | null;
    }[];
    return rows.map((row) => ({
      rideId: row.id,
      startDate: new Date(row.start_date),
      ...(row.efforts ?? {
        bestPower: row.best20_minute_power ? { 1200: row.best20_minute_power } : {},
        best20MinuteHeartrate: row.best20_minute_heartrate,
        maxHeartrate: null,
      }),
    }));
  }

  /** Rides whose streams are stored but whose efforts are not (stored before efforts existed), at most `limit`. */
  async missingEfforts(userId: string, limit: number): Promise<{ id: string; deviceWatts: boolean }[]> {
    const rows = (await this.rides.query(
      `SELECT r.id, r.device_watts FROM ${this.table} r
       WHERE r.user_id = $1 AND r.efforts IS NULL AND r.streams_fetched_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM ${this.rides.manager.getRepository(RideStreamsEntity).metadata.tablePath} s
                     WHERE s.ride_id = r.id)
       LIMIT $2`,
      [userId, limit],
    )) as { id: string; device_watts: boolean }[];
    return rows.map((row) => ({ id: row.id, deviceWatts: row.device_watts }));
  }

  async saveEfforts(userId: string, rideId: string, efforts: StoredEfforts): Promise<void> {
    await this.rides.update({ id: rideId, userId }, { efforts });
  }

  /**
   * One batch of the rider's rides that started in [from, to] (either bound optional), oldest first,
   * after `after` (keyset on start and id).
   */
  listForRecompute(
    userId: string,
    bounds: { from?: Date; to?: Date },
    after: { startDate: Date; id: string } | null,
    limit: number,
  ): Promise<RideEntity[]> {
    const query = this.rides
      .createQueryBuilder('ride')
      .where('ride.user_id = :userId', { userId })
      .orderBy('ride.start_date', 'ASC')
      .addOrderBy('ride.id', 'ASC')
      .limit(limit);
    if (bounds.from) query.andWhere('ride.start_date >= :from', { from: bounds.from });
    if (bounds.to) query.andWhere('ride.start_date <= :to', { to: bounds.to });
    if (after)
      query.andWhere('(ride.start_date, ride.id) > (:afterStart, :afterId)', {
        afterStart: after.startDate,
        afterId: after.id,
      });
    return query.getMany();
  }

  /**
   * Every ride of the rider that started in [from, to], newest first, at most `limit` (the coach's
   * windows read every ride in them).
   */
  listInWindow(userId: string, from: Date, to: Date, limit: number): Promise<RideEntity[]> {
    return this.rides.find({
      where: { userId, startDate: Between(from, to) },
      order: { startDate: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /**
   * Replaces a ride's metrics (a recompute against new thresholds), unless its streams arrived since
   * it was read (their metrics win); answers whether it was written.
   */
  async updateMetrics(
    manager: EntityManager,
    userId: string,
    ride: Pick<RideEntity, 'id' | 'streamsFetchedAt'>,
    metrics: RideMetricsDto,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(RideEntity)
      .set({ metrics })
      .where('id = :id AND user_id = :userId', { id: ride.id, userId })
      .andWhere('streams_fetched_at IS NOT DISTINCT FROM :fetchedAt', { fetchedAt: ride.streamsFetchedAt })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Totals of the week `now` falls in, Monday 00:00 to Monday 00:00 in `timeZone`. Average power
   * is time-weighted over the rides a power meter measured (0 without any).
   */
  async weeklyTotals(userId: string, timeZone: string, now: Date): Promise<WeeklyTotals> {
    const [row] = (await this.rides.query(
      `WITH week AS (
         SELECT date_trunc('week', $3::timestamptz AT TIME ZONE $2) AT TIME ZONE $2 AS start
       )
       SELECT coalesce(sum(r.distance_m), 0) AS distance,
              coalesce(sum(r.moving_time_s), 0) AS time,
              coalesce(sum(r.total_elevation_gain_m), 0) AS elevation,
              coalesce(sum(r.average_watts * r.moving_time_s) FILTER (WHERE r.device_watts AND r.average_watts > 0)
                / nullif(sum(r.moving_time_s) FILTER (WHERE r.device_watts AND r.average_watts > 0), 0), 0) AS power
       FROM ${this.table} r, week
       WHERE r.user_id = $1 AND r.start_date >= week.start AND r.start_date < week.start + interval '7 days'`,
      [userId, timeZone, now],
    )) as { distance: number; time: string; elevation: number; power: number }[];
    return {
      distanceM: Number(row?.distance ?? 0),
      timeS: Number(row?.time ?? 0),
      elevationM: Number(row?.elevation ?? 0),
      avgPower: Number(row?.power ?? 0),
    };
  }

  /** The rider's averages over every ride, in a ride's units (m/s, W, m). */
  async averages(userId: string): Promise<RideAverages> {
    const [row] = (await this.rides.query(
      `SELECT count(*) AS total,
              coalesce(avg(average_speed_mps), 0) AS speed,
              coalesce(avg(average_watts) FILTER (WHERE device_watts AND average_watts > 0), 0) AS power,
              coalesce(avg(distance_m), 0) AS distance
       FROM ${this.table} WHERE user_id = $1`,
      [userId],
    )) as { total: string; speed: number; power: number; distance: number }[];
    return {
      totalRides: Number(row?.total ?? 0),
      averageSpeed: Number(row?.speed ?? 0),
      averagePower: Number(row?.power ?? 0),
      averageDistance: Number(row?.distance ?? 0),
    };
  }

  async totals(userId: string): Promise<{ totalRides: number; analysedRides: number }> {
    const [row] = (await this.rides.query(
      `SELECT count(*) AS total, count(*) FILTER (WHERE has_ai_feedback) AS analysed
       FROM ${this.table} WHERE user_id = $1`,
      [userId],
    )) as { total: string; analysed: string }[];
    return { totalRides: Number(row?.total ?? 0), analysedRides: Number(row?.analysed ?? 0) };
  }
}
