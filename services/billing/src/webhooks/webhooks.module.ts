import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers/customers.module.js';
import { PromoCodesModule } from '../promo-codes/promo-codes.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { StripeWebhookEventEntity } from './stripe-webhook-event.entity.js';
import { StripeWebhookEventsRepository } from './stripe-webhook-events.repository.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([StripeWebhookEventEntity]),
    CustomersModule,
    PromoCodesModule,
    StripeModule,
    SubscriptionsModule,
  ],
  controllers: [StripeWebhookController],
  providers: [StripeWebhookEventsRepository, StripeWebhookService],
})
export class WebhooksModule {}
