import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Tier } from '@domestique/proto';
import { QueryFailedError, Repository, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity.js';

const UNIQUE_VIOLATION = '23505';

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

/** The only code that queries the users table. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(userId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id: userId });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** Inserts a user; answers null when the email is taken (the unique index decides, not a read first). */
  async insert(manager: EntityManager, user: NewUser): Promise<UserEntity | null> {
    try {
      const entity = manager.create(UserEntity, { ...user, subscriptionTier: 'free' });
      return await manager.save(UserEntity, entity);
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        return null;
      }
      throw error;
    }
  }

  /** Holds the user's row until the transaction ends, so per-user changes happen one at a time. */
  async lockForUpdate(manager: EntityManager, userId: string): Promise<boolean> {
    const locked = await manager.findOne(UserEntity, {
      where: { id: userId },
      select: { id: true },
      lock: { mode: 'pessimistic_write' },
    });
    return locked !== null;
  }

  async setPasswordHash(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { passwordHash });
  }

  /** Sets both names (null = not set) and answers the updated user, or null if there is none. */
  async updateNames(
    manager: EntityManager,
    userId: string,
    firstName: string | null,
    lastName: string | null,
  ): Promise<UserEntity | null> {
    const result = await manager.update(UserEntity, { id: userId }, { firstName, lastName });
    if (!result.affected) return null;
    return manager.findOneBy(UserEntity, { id: userId });
  }

  async setTier(
    manager: EntityManager,
    userId: string,
    tier: Tier,
    stripeCustomerId: string | null,
  ): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { subscriptionTier: tier, stripeCustomerId });
  }

  async setStravaId(manager: EntityManager, userId: string, stravaId: string | null): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { stravaId });
  }

  async deleteUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(UserEntity, { id: userId });
  }
}
