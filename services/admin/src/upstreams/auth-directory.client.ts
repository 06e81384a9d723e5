import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type InternalClient } from '@domestique/common';
import {
  AdminDirectoryPage,
  AdminDirectoryUser,
  TierCounts,
  type AdminDirectoryQuery,
} from '@domestique/proto';
import type { AdminConfig } from '../config/env.schema.js';
import { upstreamClient } from './upstream-client.js';

/** The auth service's user directory (users, their tiers, the counts per tier). */
@Injectable()
export class AuthDirectoryClient {
  private readonly client: InternalClient;

  constructor(@Inject(CONFIG) config: AdminConfig) {
    this.client = upstreamClient(config, config.AUTH_URL);
  }

  page(query: AdminDirectoryQuery): Promise<AdminDirectoryPage> {
    const params = new URLSearchParams({ offset: String(query.offset), limit: String(query.limit) });
    if (query.search) params.set('search', query.search);
    if (query.tier) params.set('tier', query.tier);
    return this.client.request({
      path: `/internal/admin-directory/users?${params.toString()}`,
      schema: AdminDirectoryPage,
    });
  }

  /** 404 (rethrown) when there is no such user */
  user(userId: string): Promise<AdminDirectoryUser> {
    return this.client.request({
      path: `/internal/admin-directory/users/${encodeURIComponent(userId)}`,
      schema: AdminDirectoryUser,
    });
  }

  tierCounts(): Promise<TierCounts> {
    return this.client.request({ path: '/internal/admin-directory/tier-counts', schema: TierCounts });
  }
}
