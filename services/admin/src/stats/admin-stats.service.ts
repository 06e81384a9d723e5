import { Injectable } from '@nestjs/common';
import type { AdminStatsDto } from '@domestique/proto';
import { AuthDirectoryClient } from '../upstreams/auth-directory.client.js';
import { BillingAdminClient } from '../upstreams/billing-admin.client.js';

/** The four stat cards: users per tier from auth, monthly revenue (dollars) from billing. */
@Injectable()
export class AdminStatsService {
  constructor(
    private readonly directory: AuthDirectoryClient,
    private readonly billing: BillingAdminClient,
  ) {}

  async stats(): Promise<AdminStatsDto> {
    const [counts, revenue] = await Promise.all([this.directory.tierCounts(), this.billing.revenue()]);
    return { ...counts, monthlyRevenue: revenue.monthlyRevenueCents / 100 };
  }
}
