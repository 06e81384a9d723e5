import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@domestique/common';
import type { PlanDto } from '@domestique/proto';
import type { BillingConfig } from '../config/env.schema.js';
import { buildPlans } from './plans.js';

@Injectable()
export class PlansService {
  private readonly plans: PlanDto[];

  constructor(@Inject(CONFIG) config: BillingConfig) {
    this.plans = buildPlans(
      { pro: config.STRIPE_PRICE_PRO, elite: config.STRIPE_PRICE_ELITE },
      config.ELITE_ON_SALE,
    );
  }

  list(): PlanDto[] {
    return this.plans;
  }

  byPriceId(priceId: string): PlanDto | undefined {
    return this.plans.find((plan) => plan.priceId === priceId);
  }
}
