import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Access, CurrentUser, ZodPipe, type CurrentUserInfo } from '@domestique/common';
import {
  CreateCheckoutSessionRequest,
  type CheckoutSessionDto,
  type PortalSessionDto,
} from '@domestique/proto';
import { CheckoutService } from './checkout.service.js';

/** Spec section 7: /api/stripe/create-checkout-session and /api/stripe/create-portal-session. */
@Controller('api/stripe')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post('create-checkout-session')
  @Access('user')
  @HttpCode(200)
  createCheckoutSession(
    @CurrentUser() user: CurrentUserInfo,
    @Body(new ZodPipe(CreateCheckoutSessionRequest)) body: CreateCheckoutSessionRequest,
  ): Promise<CheckoutSessionDto> {
    return this.checkout.createCheckoutSession(user.userId, body);
  }

  @Post('create-portal-session')
  @Access('user')
  @HttpCode(200)
  createPortalSession(@CurrentUser() user: CurrentUserInfo): Promise<PortalSessionDto> {
    return this.checkout.createPortalSession(user.userId);
  }
}
