import { Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access } from '@domestique/common';
import type { MonthlyRevenueDto } from '@domestique/proto';
import { BillingAdminClient } from '../upstreams/billing-admin.client.js';

@ObjectType('MonthlyRevenue')
export class MonthlyRevenueModel implements MonthlyRevenueDto {
  @Field(() => Int, { description: 'after current discounts, cents' })
  monthlyRevenueCents!: number;
  @Field(() => Int)
  activeSubscriptions!: number;
}

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
