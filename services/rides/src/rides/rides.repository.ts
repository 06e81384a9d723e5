import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { RideEntity } from './ride.entity.js';

/** The only code that queries the rides table; every method takes the owner. */
@Injectable()
export class RidesRepository {
  constructor(@InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>) {}

  listForUser(userId: string): Promise<RideEntity[]> {
    return this.rides.find({ where: { userId }, order: { startDate: 'DESC' } });
  }

  async markAnalysed(manager: EntityManager, userId: string, rideId: string): Promise<void> {
    await manager.update(RideEntity, { id: rideId, userId }, { hasAiFeedback: true });
  }

  async deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RideEntity, { userId });
  }
}
