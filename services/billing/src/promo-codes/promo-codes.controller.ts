import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Access, CurrentIdentity, ZodPipe } from '@domestique/common';
import { ValidatePromoRequest, type Identity, type PromoValidationDto } from '@domestique/proto';
import { PromoCodesService } from './promo-codes.service.js';

/** Spec section 7: POST /api/promo/validate (signed out too: the landing banner's code). */
@Controller('api/promo')
export class PromoCodesController {
  constructor(private readonly promos: PromoCodesService) {}

  @Post('validate')
  @Access('anyone')
  @HttpCode(200)
  validate(
    @Body(new ZodPipe(ValidatePromoRequest)) body: ValidatePromoRequest,
    @CurrentIdentity() identity: Identity,
  ): Promise<PromoValidationDto> {
    return this.promos.validate(body.code, identity.role === 'user' ? identity.userId : null);
  }
}
