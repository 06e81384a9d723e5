import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ZoneSource } from '@domestique/proto';
import { Repository } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import type { WeekWindow } from './calendar.js';
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

/**
 * The aggregates behind the trends and lifetime analytics. Every query takes the owner and sums in
 * PostgreSQL over the (user_id, start_date) index; no ride is loaded into memory.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>) {}

  private get table(): string {
    return this.rides.metadata.tablePath;
  }

  /** The weeks as a relation (label, start, end) for the queries to join the rides against. */
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
      `SELECT w.week,
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
       FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS w(week, start_at, end_at)
       LEFT JOIN ${this.table} r
         ON r.user_id = $1 AND r.start_date >= w.start_at AND r.start_date < w.end_at AND r.moving_time_s > 0
       GROUP BY w.week ORDER BY w.week`,
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
      `SELECT w.week, count(r.id) AS rides,
         coalesce(sum(r.distance_m), 0) AS distance,
         coalesce(sum(r.moving_time_s), 0) AS time,
         coalesce(sum(r.total_elevation_gain_m), 0) AS elevation
       FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[]) AS w(week, start_at, end_at)
       LEFT JOIN ${this.table} r ON r.user_id = $1 AND r.start_date >= w.start_at AND r.start_date < w.end_at
       GROUP BY w.week ORDER BY w.week`,
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

  /**
   * Totals of every ride, of the rides in [recentFrom, until) and of those in [earlierFrom,
   * recentFrom): one pass over the rider's rides.
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
    const [row] = (await this.rides.query(
      `SELECT ${sums('', 'all')},
         ${sums('FILTER (WHERE start_date >= $3 AND start_date < $4)', 'recent')},
         ${sums('FILTER (WHERE start_date >= $2 AND start_date < $3)', 'earlier')}
       FROM ${this.table} WHERE user_id = $1`,
      [userId, earlierFrom, recentFrom, until],
    )) as Record<string, unknown>[];
    const totals = (prefix: string): RideTotals => ({
      rides: num(row?.[`${prefix}_rides`]),
      distanceM: num(row?.[`${prefix}_distance`]),
      timeS: num(row?.[`${prefix}_time`]),
      elevationM: num(row?.[`${prefix}_elevation`]),
    });
    return { lifetime: totals('all'), recent: totals('recent'), earlier: totals('earlier') };
  }

  /** Lifetime seconds per power zone and per heart-rate zone, from the metrics stored at import. */
  async zoneSeconds(userId: string): Promise<ZoneSeconds[]> {
    const rows = (await this.rides.query(
      `SELECT z.source, (z.item->>'zone')::int AS zone, sum((z.item->>'seconds')::bigint) AS seconds
       FROM ${this.table} r
       CROSS JOIN LATERAL (
         SELECT 'power' AS source, item FROM jsonb_array_elements(coalesce(r.metrics->'powerZones', '[]'::jsonb)) item
         UNION ALL
         SELECT 'heartRate', item FROM jsonb_array_elements(coalesce(r.metrics->'heartRateZones', '[]'::jsonb)) item
       ) z
       WHERE r.user_id = $1 AND r.metrics IS NOT NULL
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [userId],
    )) as { source: ZoneSource; zone: number; seconds: string }[];
    return rows.map((row) => ({ source: row.source, zone: Number(row.zone), seconds: num(row.seconds) }));
  }
}
