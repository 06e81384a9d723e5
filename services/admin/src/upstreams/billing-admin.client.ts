import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, type InternalClient } from '@domestique/common';
import {
  AdminPromoCodeAnswer,
  AdminPromoCodeListAnswer,
  MessageAnswer,
  MonthlyRevenueAnswer,
  TierChangeAnswer,
  type AdminPromoCodeDto,
  type MonthlyRevenueDto,
  type Tier,
  type TierChangeDto,
} from '@domestique/proto';
import type { AdminConfig } from '../config/env.schema.js';
import { upstreamClient } from './upstream-client.js';

/** Billing's admin API: tier overrides, revenue, promo codes (its validation answers pass through). */
@Injectable()
export class BillingAdminClient {
  private readonly client: InternalClient;

  constructor(@Inject(CONFIG) config: AdminConfig) {
    this.client = upstreamClient(config, config.BILLING_URL);
  }

  setTier(userId: string, subscriptionTier: Tier): Promise<TierChangeDto> {
    return this.client.request({
      method: 'POST',
      path: `/api/billing/admin/users/${encodeURIComponent(userId)}/tier`,
      body: { subscriptionTier },
      schema: TierChangeAnswer,
    });
  }

  revenue(): Promise<MonthlyRevenueDto> {
    return this.client.request({ path: '/api/billing/admin/revenue', schema: MonthlyRevenueAnswer });
  }

  promoCodes(): Promise<AdminPromoCodeDto[]> {
    return this.client.request({ path: '/api/billing/admin/promo-codes', schema: AdminPromoCodeListAnswer });
  }

  /** The body goes as the admin sent it: billing validates it with the spec's rules and words. */
  createPromoCode(body: unknown): Promise<AdminPromoCodeDto> {
    return this.client.request({
      method: 'POST',
      path: '/api/billing/admin/promo-codes',
      body,
      schema: AdminPromoCodeAnswer,
    });
  }

  async deletePromoCode(id: string): Promise<void> {
    await this.client.request({
      method: 'DELETE',
      path: `/api/billing/admin/promo-codes/${encodeURIComponent(id)}`,
      schema: MessageAnswer,
    });
  }
}
