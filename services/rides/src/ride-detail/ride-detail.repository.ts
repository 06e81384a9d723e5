import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { RideStreamsEntity } from '../rides/ride-streams.entity.js';
import { RideEntity } from '../rides/ride.entity.js';

/** A ride with power-meter streams: what the rider's best curve is built from. */
export interface PowerRide {
  id: string;
  startDate: Date;
  /** when its streams were stored: a cached curve of the ride is valid for this version */
  streamsFetchedAt: Date;
}

/** The ride page's reads. Every query takes the owner. */
@Injectable()
export class RideDetailRepository {
  constructor(
    @InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>,
    @InjectRepository(RideStreamsEntity) private readonly streams: Repository<RideStreamsEntity>,
  ) {}

  findRide(userId: string, rideId: string): Promise<RideEntity | null> {
    return this.rides.findOneBy({ userId, id: rideId });
  }

  /** The ride's stored streams (the compact blob), or null while they are not fetched. */
  async findStreams(userId: string, rideId: string): Promise<Buffer | null> {
    const row = await this.streams.findOne({ select: { data: true }, where: { userId, rideId } });
    return row?.data ?? null;
  }

  /** The rider's rides with power-meter streams that started in (from, to]. */
  async powerRidesInWindow(userId: string, from: Date, to: Date): Promise<PowerRide[]> {
    const rows = (await this.rides.query(
      `SELECT r.id, r.start_date, r.streams_fetched_at FROM ${this.rides.metadata.tablePath} r
       WHERE r.user_id = $1 AND r.start_date > $2 AND r.start_date <= $3 AND r.device_watts
         AND r.streams_fetched_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM ${this.streams.metadata.tablePath} s WHERE s.ride_id = r.id)`,
      [userId, from, to],
    )) as { id: string; start_date: Date; streams_fetched_at: Date }[];
    return rows.map((row) => ({
      id: row.id,
      startDate: new Date(row.start_date),
      streamsFetchedAt: new Date(row.streams_fetched_at),
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
}
