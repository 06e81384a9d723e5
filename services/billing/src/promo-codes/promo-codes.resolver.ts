import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Access, CurrentIdentity, parseOrThrow } from '@domestique/common';
import { ValidatePromoRequest, type Identity, type PromoValidationDto } from '@domestique/proto';
import { PromoValidationModel } from './promo-code.model.js';
import { PromoCodesService } from './promo-codes.service.js';

/**
 * The GraphQL side of the rider's promo code call. Promo code administration is the admin
 * subgraph's: it calls billing's internal admin API and audits each change.
 */
@Resolver()
export class PromoCodesResolver {
  constructor(private readonly promos: PromoCodesService) {}

  @Mutation(() => PromoValidationModel)
  @Access('anyone')
  validatePromoCode(
    @Args('code') code: string,
    @CurrentIdentity() identity: Identity,
  ): Promise<PromoValidationDto> {
    const request = parseOrThrow(ValidatePromoRequest, { code });
    return this.promos.validate(request.code, identity.role === 'user' ? identity.userId : null);
  }
}
