import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { UpstreamsModule } from '../upstreams/upstreams.module.js';
import { AdminPromoCodesController } from './admin-promo-codes.controller.js';
import { AdminPromoCodesResolver } from './admin-promo-codes.resolver.js';
import { AdminPromoCodesService } from './admin-promo-codes.service.js';

@Module({
  imports: [AuditModule, UpstreamsModule],
  controllers: [AdminPromoCodesController],
  providers: [AdminPromoCodesService, AdminPromoCodesResolver],
})
export class AdminPromoCodesModule {}
