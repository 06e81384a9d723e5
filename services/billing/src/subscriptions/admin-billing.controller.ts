import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { notFound, PatternResponder } from '@domestique/common';
import { BillingErrorCode, BillingMessages, isUuid, Patterns, type PatternReply } from '@domestique/proto';
import { SubscriptionsService } from './subscriptions.service.js';

/** For the admin service (message patterns, its signed identity only): a rider's tier, and monthly revenue. */
@Controller()
export class AdminBillingController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly patterns: PatternResponder,
  ) {}

  @MessagePattern(Patterns.adminSetTier.name)
  setTier(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminSetTier, message, ({ userId, subscriptionTier }) => {
      if (!isUuid(userId)) throw notFound(BillingMessages.userNotFound, BillingErrorCode.UserNotFound);
      return this.subscriptions.setTierByAdmin(userId, subscriptionTier);
    });
  }

  @MessagePattern(Patterns.adminRevenue.name)
  revenue(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminRevenue, message, () => this.subscriptions.revenue());
  }
}
