import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RideFileEntity } from './ride-file.entity.js';

/** The kept original files of uploaded rides; every method takes the owner. */
@Injectable()
export class RideFilesRepository {
  /** Keeps (or, for a ride whose data a richer file replaced, replaces) a ride's original file. */
  async save(
    manager: EntityManager,
    userId: string,
    file: Omit<RideFileEntity, 'userId' | 'createdAt' | 'ride'>,
  ): Promise<void> {
    await manager.upsert(RideFileEntity, { ...file, userId }, ['rideId']);
  }

  findForRide(manager: EntityManager, userId: string, rideId: string): Promise<RideFileEntity | null> {
    return manager.findOneBy(RideFileEntity, { userId, rideId });
  }
}
