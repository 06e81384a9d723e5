import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import { RidesModule } from '../rides/rides.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsResolver } from './analytics.resolver.js';
import { AnalyticsService } from './analytics.service.js';

/** Performance trends and lifetime analytics: SQL aggregates over the rider's rides. */
@Module({
  imports: [TypeOrmModule.forFeature([RideEntity]), RidesModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsRepository, AnalyticsService, AnalyticsResolver],
})
export class AnalyticsModule {}
