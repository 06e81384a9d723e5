import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { UserRideCounts } from '@domestique/proto';
import { Repository } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';

/** Read-only ride counts for the admin user list: one grouped query per batch of users. */
@Injectable()
export class AdminCountsRepository {
  constructor(@InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>) {}

  /** Users without rides are left out (they have none). */
  async countsForUsers(userIds: readonly string[]): Promise<UserRideCounts[]> {
    if (userIds.length === 0) return [];
    return this.rides
      .createQueryBuilder('ride')
      .select('ride.userId', 'userId')
      .addSelect('count(*)::int', 'totalRides')
      .addSelect('count(*) FILTER (WHERE ride.hasAiFeedback)::int', 'totalAiFeedback')
      .where('ride.userId = ANY(:userIds)', { userIds })
      .groupBy('ride.userId')
      .getRawMany<UserRideCounts>();
  }
}
