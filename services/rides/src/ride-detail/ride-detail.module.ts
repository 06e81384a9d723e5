import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideStreamsEntity } from '../rides/ride-streams.entity.js';
import { RideEntity } from '../rides/ride.entity.js';
import { StravaModule } from '../strava/strava.module.js';
import { RideDetailController } from './ride-detail.controller.js';
import { RideDetailRepository } from './ride-detail.repository.js';
import { RideDetailResolver } from './ride-detail.resolver.js';
import { RideDetailService } from './ride-detail.service.js';

/** The ride page (issue 20): one ride's detail, its streams for the charts, GraphQL `ride(id)`. */
@Module({
  imports: [TypeOrmModule.forFeature([RideEntity, RideStreamsEntity]), StravaModule],
  controllers: [RideDetailController],
  providers: [RideDetailRepository, RideDetailService, RideDetailResolver],
  exports: [RideDetailService],
})
export class RideDetailModule {}
