import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Access } from '@domestique/common';
import type { AdminPromoCodeDto } from '@domestique/proto';
import { CurrentAdmin, type CurrentAdminInfo } from '../audit/current-admin.js';
import { AdminPromoCodesService } from './admin-promo-codes.service.js';

/** Spec section 7: promo codes (billing validates a new code with the rules of spec section 5). */
@Controller('api/admin/promo-codes')
@Access('admin')
export class AdminPromoCodesController {
  constructor(private readonly promos: AdminPromoCodesService) {}

  @Get()
  list(): Promise<AdminPromoCodeDto[]> {
    return this.promos.list();
  }

  @Post()
  @HttpCode(201)
  create(@CurrentAdmin() admin: CurrentAdminInfo, @Body() body: unknown): Promise<AdminPromoCodeDto> {
    return this.promos.create(admin, body ?? {});
  }

  @Delete(':id')
  @HttpCode(200)
  delete(@CurrentAdmin() admin: CurrentAdminInfo, @Param('id') id: string): Promise<{ message: string }> {
    return this.promos.delete(admin, id);
  }
}
