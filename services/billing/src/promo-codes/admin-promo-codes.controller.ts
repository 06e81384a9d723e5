import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PatternResponder } from '@domestique/common';
import { Patterns, type PatternReply } from '@domestique/proto';
import { PromoCodesService } from './promo-codes.service.js';

/**
 * Promo code administration for the admin service (message patterns, its signed identity only): list
 * with usage and status, create with the rules of spec section 5, delete.
 */
@Controller()
export class AdminPromoCodesController {
  constructor(
    private readonly promos: PromoCodesService,
    private readonly patterns: PatternResponder,
  ) {}

  @MessagePattern(Patterns.adminPromoCodes.name)
  list(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminPromoCodes, message, () => this.promos.list());
  }

  @MessagePattern(Patterns.adminCreatePromoCode.name)
  create(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminCreatePromoCode, message, (request) =>
      this.promos.create(request),
    );
  }

  @MessagePattern(Patterns.adminDeletePromoCode.name)
  delete(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminDeletePromoCode, message, async ({ id }) => {
      await this.promos.delete(id);
      return { message: 'Promo Code Deleted' };
    });
  }
}
