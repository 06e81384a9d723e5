import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { UserDeletionEntity } from './user-deletion.entity.js';

/** The only code that queries user_deletions. */
@Injectable()
export class UserDeletionsRepository {
  constructor(
    @InjectRepository(UserDeletionEntity) private readonly deletions: Repository<UserDeletionEntity>,
  ) {}

  find(userId: string): Promise<UserDeletionEntity | null> {
    return this.deletions.findOneBy({ userId });
  }

  /** Which of these users are being (or have been) deleted. */
  async deletedAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.deletions
      .createQueryBuilder('deletion')
      .select('deletion.userId', 'userId')
      .where('deletion.userId = ANY(:userIds)', { userIds })
      .getRawMany<{ userId: string }>();
    return new Set(rows.map((row) => row.userId));
  }

  /** Opens the deletion record; false when one exists already (the deletion was requested before). */
  async open(manager: EntityManager, userId: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO admin.user_deletions (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [userId],
    );
    return inserted.length > 0;
  }

  /**
   * Adds one service's acknowledgement (creating the record if the acknowledgement arrives first)
   * and marks the deletion complete once every purging service has answered.
   */
  async acknowledge(
    manager: EntityManager,
    userId: string,
    service: string,
    purgingServices: readonly string[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO admin.user_deletions (user_id, purged_by) VALUES ($1, ARRAY[$2]::text[])
       ON CONFLICT (user_id) DO UPDATE
         SET purged_by = (SELECT ARRAY(SELECT DISTINCT unnest(user_deletions.purged_by || ARRAY[$2]::text[])))`,
      [userId, service],
    );
    await manager.query(
      `UPDATE admin.user_deletions SET completed_at = now()
        WHERE user_id = $1 AND completed_at IS NULL AND purged_by @> $2::text[]`,
      [userId, purgingServices],
    );
  }
}
