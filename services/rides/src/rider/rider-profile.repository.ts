import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { RiderProfileEntity } from './rider-profile.entity.js';

/** The only code that queries rider_profiles. */
@Injectable()
export class RiderProfileRepository {
  constructor(
    @InjectRepository(RiderProfileEntity) private readonly profiles: Repository<RiderProfileEntity>,
  ) {}

  findForUser(userId: string): Promise<RiderProfileEntity | null> {
    return this.profiles.findOneBy({ userId });
  }

  /** Writes the given settings in one statement (the others are left as they are). */
  async saveSettings(
    userId: string,
    settings: Partial<
      Pick<RiderProfileEntity, 'ftpWatts' | 'thresholdHeartrate' | 'maxHeartrate' | 'weightKg' | 'units'>
    >,
  ): Promise<void> {
    await this.profiles.upsert({ userId, ...settings }, ['userId']);
  }

  async setTimeZone(manager: EntityManager, userId: string, timeZone: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(RiderProfileEntity)
      .values({ userId, timeZone })
      .orUpdate(['time_zone', 'updated_at'], ['user_id'])
      .execute();
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RiderProfileEntity, { userId });
  }
}
