import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AdminDirectoryQuery, TierCounts } from '@domestique/proto';
import { Brackets, Repository, type SelectQueryBuilder } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** `%` and `_` typed by an admin are searched for literally. */
const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Read-only queries of the users table for the admin directory (writes stay in UsersRepository). */
@Injectable()
export class AdminDirectoryRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** One page, newest first, with the number of users matching the query across pages. */
  async page(query: AdminDirectoryQuery): Promise<{ users: UserEntity[]; total: number }> {
    const [users, total] = await this.matching(query)
      .orderBy('user.createdAt', 'DESC')
      .addOrderBy('user.id', 'DESC')
      .offset(query.offset)
      .limit(query.limit)
      .getManyAndCount();
    return { users, total };
  }

  findById(userId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id: userId });
  }

  async tierCounts(): Promise<TierCounts> {
    const [row] = await this.users
      .createQueryBuilder('user')
      .select('count(*)::int', 'totalUsers')
      .addSelect(`count(*) FILTER (WHERE user.subscriptionTier = 'pro')::int`, 'proUsers')
      .addSelect(`count(*) FILTER (WHERE user.subscriptionTier = 'elite')::int`, 'eliteUsers')
      .getRawMany<TierCounts>();
    return row ?? { totalUsers: 0, proUsers: 0, eliteUsers: 0 };
  }

  private matching({ search, tier }: AdminDirectoryQuery): SelectQueryBuilder<UserEntity> {
    const builder = this.users.createQueryBuilder('user');
    if (tier) builder.andWhere('user.subscriptionTier = :tier', { tier });
    if (search) {
      builder.andWhere(
        new Brackets((where) =>
          where
            .where('user.email ILIKE :pattern', { pattern: likePattern(search) })
            .orWhere(`(coalesce(user.firstName, '') || ' ' || coalesce(user.lastName, '')) ILIKE :pattern`),
        ),
      );
    }
    return builder;
  }
}
