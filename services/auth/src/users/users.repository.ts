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

  /** `"column" AS "property"` for every column, built once: the hot path skips the query builder. */
  private selectList?: string;

  /**
   * The session check's lookup (every GET /api/auth/user and `me`): one plain statement on the
   * primary key. TypeORM's find builds, escapes and transforms the query on every call, which was a
   * third of the auth service's CPU per session check.
   */
  async findById(userId: string): Promise<UserEntity | null> {
    this.selectList ??= this.users.metadata.columns
      .map((column) => `"${column.databaseName}" AS "${column.propertyName}"`)
      .join(', ');
    const rows = (await this.users.query(
      `SELECT ${this.selectList} FROM ${this.users.metadata.tablePath} WHERE id = $1`,
      [userId],
    )) as Partial<UserEntity>[];
    return rows[0] ? Object.assign(new UserEntity(), rows[0]) : null;
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
