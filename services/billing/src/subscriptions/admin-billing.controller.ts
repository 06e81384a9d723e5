import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AdminServiceOnly, notFound, ZodPipe } from '@domestique/common';
import {
  BillingErrorCode,
  BillingMessages,
  SetTierRequest,
  type MonthlyRevenueDto,
  type TierChangeDto,
} from '@domestique/proto';
import { SubscriptionsService } from './subscriptions.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** For the admin service (not routed by the gateway): a rider's tier, and monthly revenue. */
@Controller('api/billing/admin')
@AdminServiceOnly()
export class AdminBillingController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post('users/:userId/tier')
  @HttpCode(200)
  setTier(
    @Param('userId') userId: string,
    @Body(new ZodPipe(SetTierRequest)) body: SetTierRequest,
  ): Promise<TierChangeDto> {
    if (!UUID.test(userId)) throw notFound(BillingMessages.userNotFound, BillingErrorCode.UserNotFound);
    return this.subscriptions.setTierByAdmin(userId, body.subscriptionTier);
  }

  @Get('revenue')
  revenue(): Promise<MonthlyRevenueDto> {
    return this.subscriptions.revenue();
  }
}
