import { Injectable } from '@nestjs/common';
import { notFound } from '@domestique/common';
import {
  ADMIN_DIRECTORY_MAX_PAGE,
  AdminErrorCode,
  AdminMessages,
  isUuid,
  type AdminDirectoryUser,
  type AdminTierChangeDto,
  type AdminUserDto,
  type AdminUsersQuery,
  type Tier,
} from '@domestique/proto';
import { AdminAudit } from '../audit/admin-audit.service.js';
import type { CurrentAdminInfo } from '../audit/current-admin.js';
import { UserDeletionsRepository } from '../deletions/user-deletions.repository.js';
import { AuthDirectoryClient } from '../upstreams/auth-directory.client.js';
import { BillingAdminClient } from '../upstreams/billing-admin.client.js';
import { RideCountsClient } from '../upstreams/ride-counts.client.js';

export interface AdminUserList {
  users: AdminUserDto[];
  /** users matching the query across pages */
  total: number;
}

/**
 * The admin's user list and tier changes. The list is composed in batches: a page of users from
 * auth, then their ride counts from rides in one call, while the next page is already on its way.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly directory: AuthDirectoryClient,
    private readonly rides: RideCountsClient,
    private readonly billing: BillingAdminClient,
    private readonly deletions: UserDeletionsRepository,
    private readonly audit: AdminAudit,
  ) {}

  async list(query: AdminUsersQuery): Promise<AdminUserList> {
    const wanted = query.limit ?? Number.POSITIVE_INFINITY;
    const pageOf = (offset: number, taken: number) =>
      this.directory.page({
        search: query.search,
        tier: query.tier,
        offset,
        limit: Math.min(ADMIN_DIRECTORY_MAX_PAGE, wanted - taken),
      });
    const users: AdminUserDto[] = [];
    let offset = query.offset;
    let page = await pageOf(offset, 0);
    const total = page.total;
    for (;;) {
      offset += page.users.length;
      const taken = users.length + page.users.length;
      const more = page.users.length > 0 && offset < total && taken < wanted;
      const [withCounts, next] = await Promise.all([
        this.withCounts(page.users),
        more ? pageOf(offset, taken) : Promise.resolve(null),
      ]);
      users.push(...withCounts);
      if (!next) break;
      page = next;
    }
    return { users, total };
  }

  async setTier(admin: CurrentAdminInfo, userId: string, tier: Tier): Promise<AdminTierChangeDto> {
    if (!isUuid(userId)) throw notFound(AdminMessages.userNotFound, AdminErrorCode.UserNotFound);
    const change = await this.billing.setTier(userId, tier);
    await this.audit.record(admin, 'user.tier-changed', {
      type: 'user',
      id: userId,
      details: { subscriptionTier: change.subscriptionTier },
    });
    return { message: AdminMessages.userUpdated, ...change };
  }

  /** One batch: counts from rides in one call; users being deleted are left out. */
  private async withCounts(batch: AdminDirectoryUser[]): Promise<AdminUserDto[]> {
    const ids = batch.map((user) => user.id);
    const [counts, deleted] = await Promise.all([
      this.rides.countsFor(ids),
      this.deletions.deletedAmong(ids),
    ]);
    return batch
      .filter((user) => !deleted.has(user.id))
      .map((user) => ({
        ...user,
        totalRides: counts.get(user.id)?.totalRides ?? 0,
        totalAiFeedback: counts.get(user.id)?.totalAiFeedback ?? 0,
      }));
  }
}
