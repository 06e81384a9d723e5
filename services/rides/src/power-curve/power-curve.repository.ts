import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { RideStreamsEntity } from '../rides/ride-streams.entity.js';
import { RideEntity } from '../rides/ride.entity.js';
import { RidePowerCurveEntity } from './ride-power-curve.entity.js';

/** A ride with power-meter streams in the range, with its stored curve when that is current. */
export interface CurveRow {
  rideId: string;
  startDate: Date;
  streamsFetchedAt: Date;
  /** null when the curve was never computed or the streams changed since */
  watts: number[] | null;
}

/** The rides' stored curves. Every query takes the owner. */
@Injectable()
export class PowerCurveRepository {
  constructor(
    @InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>,
    @InjectRepository(RideStreamsEntity) private readonly streams: Repository<RideStreamsEntity>,
    @InjectRepository(RidePowerCurveEntity) private readonly curves: Repository<RidePowerCurveEntity>,
  ) {}

  /**
   * Every ride of the rider with power-meter streams that started in [from, to), with its curve when
   * it is stored for the ride's current streams. One statement.
   */
  async curvesIn(userId: string, from: Date, to: Date): Promise<CurveRow[]> {
    const rows = (await this.rides.query(
      `SELECT r.id, r.start_date, r.streams_fetched_at,
         CASE WHEN c.streams_fetched_at = r.streams_fetched_at THEN c.watts END AS watts
       FROM ${this.rides.metadata.tablePath} r
       LEFT JOIN ${this.curves.metadata.tablePath} c ON c.ride_id = r.id AND c.user_id = $1
       WHERE r.user_id = $1 AND r.start_date >= $2 AND r.start_date < $3 AND r.device_watts
         AND r.streams_fetched_at IS NOT NULL`,
      [userId, from, to],
    )) as { id: string; start_date: Date; streams_fetched_at: Date; watts: number[] | null }[];
    return rows.map((row) => ({
      rideId: row.id,
      startDate: row.start_date,
      streamsFetchedAt: row.streams_fetched_at,
      watts: row.watts,
    }));
  }

  /** The stored streams of several of the rider's rides. */
  async streamsOf(userId: string, rideIds: string[]): Promise<Map<string, Buffer>> {
    if (rideIds.length === 0) return new Map();
    const rows = await this.streams.find({
      select: { rideId: true, data: true },
      where: { userId, rideId: In(rideIds) },
    });
    return new Map(rows.map((row) => [row.rideId, row.data]));
  }

  /** Stores curves (replacing older versions of the same rides). */
  async save(userId: string, curves: (Omit<CurveRow, 'watts'> & { watts: number[] })[]): Promise<void> {
    if (curves.length === 0) return;
    await this.curves.upsert(
      curves.map((curve) => ({
        rideId: curve.rideId,
        userId,
        startDate: curve.startDate,
        streamsFetchedAt: curve.streamsFetchedAt,
        watts: curve.watts,
      })),
      ['rideId'],
    );
  }
}
