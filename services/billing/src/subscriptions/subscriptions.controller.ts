import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { CancelSubscriptionDto, SubscriptionDto } from '@domestique/proto';
import { SubscriptionsService } from './subscriptions.service.js';

/** Spec section 7: POST /api/subscription/cancel; GET /api/subscription for the profile card. */
@Controller('api/subscription')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get()
  @Access('user')
  current(@CurrentUser() user: CurrentUserInfo): Promise<SubscriptionDto | null> {
    return this.subscriptions.current(user.userId);
  }

  @Post('cancel')
  @Access('user')
  @HttpCode(200)
  cancel(@CurrentUser() user: CurrentUserInfo): Promise<CancelSubscriptionDto> {
    return this.subscriptions.cancel(user.userId);
  }
}
