import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type InternalClient } from '@domestique/common';
import { RideCountsAnswer, type UserRideCounts } from '@domestique/proto';
import type { AdminConfig } from '../config/env.schema.js';
import { upstreamClient } from './upstream-client.js';

/** The rides service's totals per user (one call per batch of users). */
@Injectable()
export class RideCountsClient {
  private readonly client: InternalClient;

  constructor(@Inject(CONFIG) config: AdminConfig) {
    this.client = upstreamClient(config, config.RIDES_URL);
  }

  async countsFor(userIds: readonly string[]): Promise<Map<string, UserRideCounts>> {
    if (userIds.length === 0) return new Map();
    const { counts } = await this.client.request({
      method: 'POST',
      path: '/internal/admin-counts/rides',
      body: { userIds },
      schema: RideCountsAnswer,
    });
    return new Map(counts.map((count) => [count.userId, count]));
  }
}
