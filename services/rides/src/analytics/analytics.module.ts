import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import { RidesModule } from '../rides/rides.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsResolver } from './analytics.resolver.js';
import { AnalyticsService } from './analytics.service.js';
import { RiderRideTotalsEntity } from './rider-ride-totals.entity.js';

/** Performance trends and lifetime analytics: SQL aggregates over the rider's rides. */
@Module({
  imports: [TypeOrmModule.forFeature([RideEntity, RiderRideTotalsEntity]), RidesModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsRepository, AnalyticsService, AnalyticsResolver],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
