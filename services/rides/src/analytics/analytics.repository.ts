import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ZoneSource } from '@domestique/proto';
import { Repository } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import type { WeekWindow } from './calendar.js';
import { RiderRideTotalsEntity } from './rider-ride-totals.entity.js';
import type { WeekTrendSums } from './trend-math.js';

/** Totals in a ride's units (metres, seconds). */
export interface RideTotals {
  rides: number;
  distanceM: number;
  timeS: number;
  elevationM: number;
}

export interface WeekTotals extends RideTotals {
  week: string;
}

export interface ZoneSeconds {
  source: ZoneSource;
  zone: number;
  seconds: number;
}

const num = (value: unknown): number => Number(value ?? 0);

/** The totals row's zone arrays (see RiderRideTotalsEntity), Z1 first. */
const ZONE_COLUMNS: { source: ZoneSource; column: string }[] = [
  { source: 'power', column: 'power_zone_seconds' },
  { source: 'heartRate', column: 'heart_rate_zone_seconds' },
];

/**
 * The aggregates behind the trends and lifetime analytics. Every query takes the owner; windows are
 * summed in PostgreSQL from the covering (user_id, start_date) index, lifetime figures come from the
 * rider's totals row; no ride is loaded into memory.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(
    @InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>,
    @InjectRepository(RiderRideTotalsEntity) private readonly totals: Repository<RiderRideTotalsEntity>,
  ) {}

  private get table(): string {
    return this.rides.metadata.tablePath;
  }

  /**
   * The weeks as a relation (label, start, end). Each week is summed in a LATERAL subquery, so it is
   * one range scan of the (user_id, start_date) index: with a plain join the planner read every ride
   * of the rider for each week (27 ms instead of 0.5 ms for a rider with 10,000 rides).
   */
  private weeksParams(weeks: WeekWindow[]): [string[], string[], string[]] {
    return [
      weeks.map((w) => w.week),
      weeks.map((w) => w.start.toISOString()),
      weeks.map((w) => w.end.toISOString()),
    ];
  }

  /** Per week: moving-time-weighted sums of power, heart rate and cadence (see WeekTrendSums). */
  async weeklyTrendSums(userId: string, weeks: WeekWindow[]): Promise<WeekTrendSums[]> {
    const rows = (await this.rides.query(
      `SELECT w.week, s.*
       FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS w(week, start_at, end_at)
       CROSS JOIN LATERAL (SELECT
         coalesce(sum(r.moving_time_s) FILTER (WHERE r.device_watts AND r.average_watts > 0), 0) AS power_time,
         coalesce(sum(r.average_watts * r.moving_time_s) FILTER (WHERE r.device_watts AND r.average_watts > 0), 0) AS power_sum,
         coalesce(sum(r.moving_time_s) FILTER (WHERE r.average_heartrate > 0), 0) AS hr_time,
         coalesce(sum(r.average_heartrate * r.moving_time_s) FILTER (WHERE r.average_heartrate > 0), 0) AS hr_sum,
         coalesce(sum(r.moving_time_s) FILTER (WHERE r.average_cadence > 0), 0) AS cad_time,
         coalesce(sum(r.average_cadence * r.moving_time_s) FILTER (WHERE r.average_cadence > 0), 0) AS cad_sum,
         coalesce(sum(r.average_cadence ^ 2 * r.moving_time_s) FILTER (WHERE r.average_cadence > 0), 0) AS cad_squares,
         coalesce(sum(r.average_watts * r.moving_time_s)
           FILTER (WHERE r.device_watts AND r.average_watts > 0 AND r.average_heartrate > 0), 0) AS paired_power,
         coalesce(sum(r.average_heartrate * r.moving_time_s)
           FILTER (WHERE r.device_watts AND r.average_watts > 0 AND r.average_heartrate > 0), 0) AS paired_hr
         FROM ${this.table} r
         WHERE r.user_id = $1 AND r.start_date >= w.start_at AND r.start_date < w.end_at AND r.moving_time_s > 0
       ) s
       ORDER BY w.week`,
      [userId, ...this.weeksParams(weeks)],
    )) as Record<string, unknown>[];
    return rows.map((row) => ({
      week: String(row.week),
      powerTime: num(row.power_time),
      powerSum: num(row.power_sum),
      heartRateTime: num(row.hr_time),
      heartRateSum: num(row.hr_sum),
      cadenceTime: num(row.cad_time),
      cadenceSum: num(row.cad_sum),
      cadenceSquares: num(row.cad_squares),
      pairedPowerSum: num(row.paired_power),
      pairedHeartRateSum: num(row.paired_hr),
    }));
  }

  /** Per week: rides, distance, moving time and climbing. */
  async weeklyTotals(userId: string, weeks: WeekWindow[]): Promise<WeekTotals[]> {
    const rows = (await this.rides.query(
      `SELECT w.week, s.*
       FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS w(week, start_at, end_at)
       CROSS JOIN LATERAL (SELECT count(*) AS rides,
         coalesce(sum(r.distance_m), 0) AS distance,
         coalesce(sum(r.moving_time_s), 0) AS time,
         coalesce(sum(r.total_elevation_gain_m), 0) AS elevation
         FROM ${this.table} r
         WHERE r.user_id = $1 AND r.start_date >= w.start_at AND r.start_date < w.end_at
       ) s
       ORDER BY w.week`,
      [userId, ...this.weeksParams(weeks)],
    )) as Record<string, unknown>[];
    return rows.map((row) => ({
      week: String(row.week),
      rides: num(row.rides),
      distanceM: num(row.distance),
      timeS: num(row.time),
      elevationM: num(row.elevation),
    }));
  }

  /** The rider's lifetime totals row (see RiderRideTotalsEntity), or undefined without rides. */
  private async totalsRow(userId: string): Promise<Record<string, unknown> | undefined> {
    const [row] = (await this.totals.query(
      `SELECT rides, distance_m, moving_time_s, elevation_m, power_zone_seconds, heart_rate_zone_seconds
       FROM ${this.totals.metadata.tablePath} WHERE user_id = $1`,
      [userId],
    )) as Record<string, unknown>[];
    return row;
  }

  /**
   * Totals of every ride (the rider's totals row), of the rides in [recentFrom, until) and of those
   * in [earlierFrom, recentFrom) (one index-only range scan).
   */
  async lifetimeTotals(
    userId: string,
    earlierFrom: Date,
    recentFrom: Date,
    until: Date,
  ): Promise<{ lifetime: RideTotals; recent: RideTotals; earlier: RideTotals }> {
    const sums = (filter: string, prefix: string) =>
      `count(*) ${filter} AS ${prefix}_rides,
       coalesce(sum(distance_m) ${filter}, 0) AS ${prefix}_distance,
       coalesce(sum(moving_time_s) ${filter}, 0) AS ${prefix}_time,
       coalesce(sum(total_elevation_gain_m) ${filter}, 0) AS ${prefix}_elevation`;
    const [[row], lifetime] = await Promise.all([
      this.rides.query(
        `SELECT ${sums('FILTER (WHERE start_date >= $3)', 'recent')},
           ${sums('FILTER (WHERE start_date < $3)', 'earlier')}
         FROM ${this.table} WHERE user_id = $1 AND start_date >= $2 AND start_date < $4`,
        [userId, earlierFrom, recentFrom, until],
      ) as Promise<Record<string, unknown>[]>,
      this.totalsRow(userId),
    ]);
    const totals = (prefix: string): RideTotals => ({
      rides: num(row?.[`${prefix}_rides`]),
      distanceM: num(row?.[`${prefix}_distance`]),
      timeS: num(row?.[`${prefix}_time`]),
      elevationM: num(row?.[`${prefix}_elevation`]),
    });
    return {
      lifetime: {
        rides: num(lifetime?.rides),
        distanceM: num(lifetime?.distance_m),
        timeS: num(lifetime?.moving_time_s),
        elevationM: num(lifetime?.elevation_m),
      },
      recent: totals('recent'),
      earlier: totals('earlier'),
    };
  }

  /** Lifetime seconds per power zone and per heart-rate zone (the totals row), Z1 first. */
  async zoneSeconds(userId: string): Promise<ZoneSeconds[]> {
    const row = await this.totalsRow(userId);
    if (!row) return [];
    return ZONE_COLUMNS.flatMap(({ source, column }) =>
      ((row[column] as unknown[] | null) ?? []).map((seconds, index) => ({
        source,
        zone: index + 1,
        seconds: num(seconds),
      })),
    );
  }
}
