import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { PromoCodesModule } from '../promo-codes/promo-codes.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutResolver } from './checkout.resolver.js';
import { CheckoutService } from './checkout.service.js';

@Module({
  imports: [CustomersModule, PlansModule, PromoCodesModule, StripeModule, SubscriptionsModule],
  controllers: [CheckoutController],
  providers: [CheckoutService, CheckoutResolver],
})
export class CheckoutModule {}
