import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingCustomersHandler } from '../customers/billing-customers.handler.js';
import { CustomersModule } from '../customers/customers.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { PromoCodesModule } from '../promo-codes/promo-codes.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { WaitlistModule } from '../waitlist/waitlist.module.js';
import { AdminBillingController } from './admin-billing.controller.js';
import { SubscriptionSync } from './subscription-sync.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsResolver } from './subscriptions.resolver.js';
import { SubscriptionsService } from './subscriptions.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([SubscriptionEntity]),
    CustomersModule,
    PlansModule,
    PromoCodesModule,
    StripeModule,
    WaitlistModule,
  ],
  controllers: [SubscriptionsController, AdminBillingController],
  providers: [
    SubscriptionsRepository,
    SubscriptionSync,
    SubscriptionsService,
    SubscriptionsResolver,
    // the rider lifecycle (user.registered / user.deleted) needs the subscriptions to purge them
    BillingCustomersHandler,
  ],
  exports: [SubscriptionSync, SubscriptionsRepository],
})
export class SubscriptionsModule {}
