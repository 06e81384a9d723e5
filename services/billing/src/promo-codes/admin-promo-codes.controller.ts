import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Access, ZodPipe } from '@domestique/common';
import { CreatePromoCodeRequest, type AdminPromoCodeDto } from '@domestique/proto';
import { PromoCodesService } from './promo-codes.service.js';

/**
 * Promo code administration for the admin service (not routed by the gateway): list with usage and
 * status, create with the rules of spec section 5, delete.
 */
@Controller('api/billing/admin/promo-codes')
export class AdminPromoCodesController {
  constructor(private readonly promos: PromoCodesService) {}

  @Get()
  @Access('admin', 'system')
  list(): Promise<AdminPromoCodeDto[]> {
    return this.promos.list();
  }

  @Post()
  @Access('admin', 'system')
  @HttpCode(201)
  create(
    @Body(new ZodPipe(CreatePromoCodeRequest)) body: CreatePromoCodeRequest,
  ): Promise<AdminPromoCodeDto> {
    return this.promos.create(body);
  }

  @Delete(':id')
  @Access('admin', 'system')
  @HttpCode(200)
  async delete(@Param('id') id: string): Promise<{ message: string }> {
    await this.promos.delete(id);
    return { message: 'Promo Code Deleted' };
  }
}
