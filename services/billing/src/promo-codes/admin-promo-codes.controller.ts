import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { AdminServiceOnly, ZodPipe } from '@domestique/common';
import { CreatePromoCodeRequest, type AdminPromoCodeDto } from '@domestique/proto';
import { PromoCodesService } from './promo-codes.service.js';

/**
 * Promo code administration for the admin service (not routed by the gateway): list with usage and
 * status, create with the rules of spec section 5, delete. Only the admin service's own calls.
 */
@Controller('api/billing/admin/promo-codes')
@AdminServiceOnly()
export class AdminPromoCodesController {
  constructor(private readonly promos: PromoCodesService) {}

  @Get()
  list(): Promise<AdminPromoCodeDto[]> {
    return this.promos.list();
  }

  @Post()
  @HttpCode(201)
  create(
    @Body(new ZodPipe(CreatePromoCodeRequest)) body: CreatePromoCodeRequest,
  ): Promise<AdminPromoCodeDto> {
    return this.promos.create(body);
  }

  @Delete(':id')
  @HttpCode(200)
  async delete(@Param('id') id: string): Promise<{ message: string }> {
    await this.promos.delete(id);
    return { message: 'Promo Code Deleted' };
  }
}
