import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import { STRAVA_SOURCE } from './ride-streams.queue.js';

export interface StreamsProgress {
  /** the rider's Strava rides whose streams were fetched (or found to have none) */
  fetched: number;
  /** the rider's Strava rides */
  total: number;
}

/** How far the fetch of a rider's ride streams has come (the sync status shows it). */
@Injectable()
export class StreamsProgressRepository {
  constructor(@InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>) {}

  async forUser(userId: string): Promise<StreamsProgress> {
    const row = (await this.rides
      .createQueryBuilder('ride')
      .select('count(*)::int', 'total')
      .addSelect('count(ride.streamsFetchedAt)::int', 'fetched')
      .where('ride.userId = :userId AND ride.source = :source', { userId, source: STRAVA_SOURCE })
      .getRawOne()) as { total: number; fetched: number } | undefined;
    return { fetched: row?.fetched ?? 0, total: row?.total ?? 0 };
  }
}
