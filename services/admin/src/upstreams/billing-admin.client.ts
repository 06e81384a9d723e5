import { Inject, Injectable } from '@nestjs/common';
import { ServicePatternClient, type PatternClient } from '@domestique/common';
import {
  Patterns,
  type AdminPromoCodeDto,
  type CreatePromoCodeInput,
  type MonthlyRevenueDto,
  type Tier,
  type TierChangeDto,
} from '@domestique/proto';

/** Billing's admin patterns: tier overrides, revenue, promo codes (its validation answers pass through). */
@Injectable()
export class BillingAdminClient {
  constructor(@Inject(ServicePatternClient) private readonly patterns: PatternClient) {}

  setTier(userId: string, subscriptionTier: Tier): Promise<TierChangeDto> {
    return this.patterns.send(Patterns.adminSetTier, { userId, subscriptionTier });
  }

  revenue(): Promise<MonthlyRevenueDto> {
    return this.patterns.send(Patterns.adminRevenue, {});
  }

  promoCodes(): Promise<AdminPromoCodeDto[]> {
    return this.patterns.send(Patterns.adminPromoCodes, {});
  }

  /**
   * The body goes as the admin sent it: it is checked against the spec's rules and words before it
   * leaves (a 400 with the first problem), and billing checks it again.
   */
  createPromoCode(body: unknown): Promise<AdminPromoCodeDto> {
    return this.patterns.send(Patterns.adminCreatePromoCode, body as CreatePromoCodeInput);
  }

  async deletePromoCode(id: string): Promise<void> {
    await this.patterns.send(Patterns.adminDeletePromoCode, { id });
  }
}
