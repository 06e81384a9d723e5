import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminPromoCodesController } from './admin-promo-codes.controller.js';
import { LandingPromoCodeSeeder } from './landing-promo-code.seeder.js';
import { PromoCodeEntity } from './promo-code.entity.js';
import { PromoCodesController } from './promo-codes.controller.js';
import { PromoCodesRepository } from './promo-codes.repository.js';
import { PromoCodesResolver } from './promo-codes.resolver.js';
import { PromoCodesService } from './promo-codes.service.js';
import { PromoRedemptionEntity } from './promo-redemption.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([PromoCodeEntity, PromoRedemptionEntity])],
  controllers: [PromoCodesController, AdminPromoCodesController],
  providers: [PromoCodesRepository, PromoCodesService, PromoCodesResolver, LandingPromoCodeSeeder],
  exports: [PromoCodesService],
})
export class PromoCodesModule {}
