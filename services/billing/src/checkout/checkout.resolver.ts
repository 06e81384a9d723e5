import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import {
  CreateCheckoutSessionRequest,
  type CheckoutSessionDto,
  type PortalSessionDto,
} from '@domestique/proto';
import { CheckoutService } from './checkout.service.js';
import { CheckoutSessionModel, PortalSessionModel } from './checkout.model.js';

/** The GraphQL side of checkout and the billing portal. */
@Resolver()
export class CheckoutResolver {
  constructor(private readonly checkout: CheckoutService) {}

  @Mutation(() => CheckoutSessionModel)
  @Access('user')
  createCheckoutSession(
    @CurrentUser() user: CurrentUserInfo,
    @Args('priceId') priceId: string,
    @Args('promoCode', { type: () => String, nullable: true }) promoCode: string | null,
  ): Promise<CheckoutSessionDto> {
    return this.checkout.createCheckoutSession(
      user.userId,
      parseOrThrow(CreateCheckoutSessionRequest, { priceId, promoCode: promoCode ?? null }),
    );
  }

  @Mutation(() => PortalSessionModel)
  @Access('user')
  createPortalSession(@CurrentUser() user: CurrentUserInfo): Promise<PortalSessionDto> {
    return this.checkout.createPortalSession(user.userId);
  }
}
