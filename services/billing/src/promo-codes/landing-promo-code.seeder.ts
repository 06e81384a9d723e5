import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, LOGGER, type Logger } from '@domestique/common';
import type { BillingConfig } from '../config/env.schema.js';
import { PromoCodesRepository } from './promo-codes.repository.js';

/**
 * The landing banner's offer (spec section 1): 90% off the first month, unlimited, valid for years.
 * Created once per database when LANDING_PROMO_CODE is set, at the boot of the API or the worker
 * (whichever comes first; both may run it at once). An admin who deletes or edits it is not undone
 * on the next boot: the code is remembered as seeded (billing.seeded_promo_codes).
 */
@Injectable()
export class LandingPromoCodeSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly promos: PromoCodesRepository,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const code = this.config.LANDING_PROMO_CODE;
    if (!code) return;
    const created = await this.promos.seedOnce({
      code,
      description: 'Landing page offer: 90% off your first month',
      discountType: 'percentage',
      discountValue: 90,
      validFrom: new Date('2024-01-01T00:00:00Z'),
      validUntil: new Date('2099-12-31T23:59:59Z'),
      usageLimit: null,
    });
    if (created) this.logger.info({ code }, 'Landing promo code created');
  }
}
