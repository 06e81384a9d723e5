import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import { DailyLoadEntity } from './daily-load.entity.js';
import { rideLoad, type DailyLoad, type RideLoadInput } from './load-math.js';
import { TrainingStateEntity } from './training-state.entity.js';

/** What each ride row (`r`) gives its load, read in SQL (the metrics' TSS and LTHR out of the jsonb). */
export const LOAD_COLUMNS = `r.moving_time_s AS "movingTimeS", r.sport_type AS "sportType", r.commute,
  r.average_heartrate AS "averageHeartrate", (r.metrics->>'trainingStressScore')::float8 AS tss,
  (r.metrics->>'lthr')::float8 AS lthr`;

/** Rides summed into days (same order as their `day`s came in). */
export const sumDays = (rides: readonly (RideLoadInput & { day: string })[]): DailyLoad[] => {
  const days = new Map<string, DailyLoad>();
  for (const ride of rides) {
    const { load, estimated } = rideLoad(ride);
    const day = days.get(ride.day) ?? { day: ride.day, load: 0, estimated: false, movingS: 0 };
    day.load += load;
    day.estimated ||= estimated;
    day.movingS += Math.max(0, ride.movingTimeS);
    days.set(ride.day, day);
  }
  return [...days.values()];
};

/**
 * The daily-load store (rider_daily_loads, rider_training_states) and the ride reads it is built
 * from. Every method takes the owner.
 */
@Injectable()
export class TrainingRepository {
  constructor(
    @InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>,
    @InjectRepository(DailyLoadEntity) private readonly days: Repository<DailyLoadEntity>,
  ) {}

  private get ridesTable(): string {
    return this.rides.metadata.tablePath;
  }

  private get daysTable(): string {
    return this.days.metadata.tablePath;
  }

  private get statesTable(): string {
    return this.days.manager.connection.getMetadata(TrainingStateEntity).tablePath;
  }

  /** The time zone the rider's daily loads are cut in; null when they were never built. */
  async stateOf(manager: EntityManager | null, userId: string): Promise<string | null> {
    const row = await (manager ?? this.days.manager).findOneBy(TrainingStateEntity, { userId });
    return row?.timeZone ?? null;
  }

  /**
   * Rebuilds every daily load of the rider from the rides, cut in `timeZone`, in one transaction
   * (one read of the rides, one insert), and records the zone. A screen asks for several endpoints
   * at once on a first visit: one rebuild per rider runs at a time (advisory lock), and the others
   * find the state built when they get the lock.
   */
  async rebuild(userId: string, timeZone: string): Promise<void> {
    await this.days.manager.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rider-daily-loads:${userId}`]);
      if ((await this.stateOf(manager, userId)) === timeZone) return;
      const rides = (await manager.query(
        `SELECT to_char(r.start_date AT TIME ZONE $2, 'YYYY-MM-DD') AS day, ${LOAD_COLUMNS}
         FROM ${this.ridesTable} r WHERE r.user_id = $1 ORDER BY r.start_date`,
        [userId, timeZone],
      )) as (RideLoadInput & { day: string })[];
      const days = sumDays(rides);
      await manager.delete(DailyLoadEntity, { userId });
      // an import's day update may land between the delete and the insert: the rebuild's sum wins
      if (days.length > 0)
        await manager.query(
          `INSERT INTO ${this.daysTable} (user_id, day, load, estimated, moving_s)
           SELECT $1, * FROM unnest($2::date[], $3::float8[], $4::boolean[], $5::int[])
           ON CONFLICT (user_id, day) DO UPDATE SET load = EXCLUDED.load, estimated = EXCLUDED.estimated,
             moving_s = EXCLUDED.moving_s`,
          [
            userId,
            days.map((d) => d.day),
            days.map((d) => d.load),
            days.map((d) => d.estimated),
            days.map((d) => d.movingS),
          ],
        );
      await manager.upsert(TrainingStateEntity, { userId, timeZone, builtAt: new Date() }, ['userId']);
    });
  }

  /**
   * Recomputes the local day `instant` falls on, in the zone the rider's daily loads are cut in, from
   * that day's rides (deletes the row when none is left). Nothing while the daily loads were never
   * built. Two statements: the day and its rides are found in one (the zone is the state row's).
   */
  async refreshDayOf(manager: EntityManager, userId: string, instant: Date): Promise<void> {
    const rows = (await manager.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, r.id AS "rideId", ${LOAD_COLUMNS}
       FROM ${this.statesTable} s
       CROSS JOIN LATERAL (SELECT ($2::timestamptz AT TIME ZONE s.time_zone)::date AS day) d
       LEFT JOIN ${this.ridesTable} r ON r.user_id = s.user_id
         AND r.start_date >= (d.day::timestamp AT TIME ZONE s.time_zone)
         AND r.start_date < ((d.day + 1)::timestamp AT TIME ZONE s.time_zone)
       WHERE s.user_id = $1`,
      [userId, instant],
    )) as (RideLoadInput & { day: string; rideId: string | null })[];
    const day = rows[0]?.day;
    if (!day) return;
    const [sum] = sumDays(rows.filter((row) => row.rideId !== null));
    if (!sum) {
      await manager.delete(DailyLoadEntity, { userId, day });
      return;
    }
    await manager.query(
      `INSERT INTO ${this.daysTable} (user_id, day, load, estimated, moving_s) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, day) DO UPDATE SET load = EXCLUDED.load, estimated = EXCLUDED.estimated,
         moving_s = EXCLUDED.moving_s`,
      [userId, day, sum.load, sum.estimated, sum.movingS],
    );
  }

  /** Forgets the rider's daily loads: the next read rebuilds them. */
  async invalidate(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(TrainingStateEntity, { userId });
  }

  /** Every stored day of the rider up to `to`, in date order. */
  async daysUpTo(userId: string, to: string): Promise<DailyLoad[]> {
    const rows = (await this.days.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, load, estimated, moving_s AS "movingS"
       FROM ${this.daysTable} WHERE user_id = $1 AND day <= $2 ORDER BY day`,
      [userId, to],
    )) as DailyLoad[];
    return rows;
  }

  /** A ride's start, to find the day it counts on. */
  async rideStart(manager: EntityManager, userId: string, rideId: string): Promise<Date | null> {
    const row = await manager.findOne(RideEntity, {
      select: { startDate: true },
      where: { userId, id: rideId },
    });
    return row?.startDate ?? null;
  }

  /** Removes every training row of a deleted rider. */
  async deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(DailyLoadEntity, { userId });
    await manager.delete(TrainingStateEntity, { userId });
  }
}
