import { Query, Resolver } from '@nestjs/graphql';
import { Access } from '@domestique/common';
import type { MonthlyRevenueDto } from '@domestique/proto';
import { BillingAdminClient } from '../upstreams/billing-admin.client.js';
import { MonthlyRevenueModel } from './monthly-revenue.model.js';

/** Billing's revenue figure for admin sessions (billing's own subgraph serves no admin operation). */
@Resolver()
export class AdminStatsResolver {
  constructor(private readonly billing: BillingAdminClient) {}

  @Query(() => MonthlyRevenueModel)
  @Access('admin')
  billingMonthlyRevenue(): Promise<MonthlyRevenueDto> {
    return this.billing.revenue();
  }
}
