import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RiderProfileEntity } from '../rider/rider-profile.entity.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { RiderSettingsController } from '../rider/rider-settings.controller.js';
import { RiderSettingsResolver } from '../rider/rider-settings.resolver.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import { RideStreamsEntity } from './ride-streams.entity.js';
import { RideEntity } from './ride.entity.js';
import { RideFromStreams } from './ride-from-streams.js';
import { RideMetricsRecomputeProcessor } from './ride-metrics-recompute.processor.js';
import { RideMetricsRecomputeService } from './ride-metrics-recompute.service.js';
import { RidesEventsHandler } from './rides-events.handler.js';
import { RidesController } from './rides.controller.js';
import { RidesRepository } from './rides.repository.js';
import { RidesResolver } from './rides.resolver.js';
import { RidesService } from './rides.service.js';

/** Rides, their metrics and the numbers built on them (dashboard, averages), plus the rider's thresholds. */
@Module({
  imports: [TypeOrmModule.forFeature([RideEntity, RideStreamsEntity, RiderProfileEntity])],
  controllers: [RidesController, RiderSettingsController],
  providers: [
    RidesRepository,
    RiderProfileRepository,
    RiderThresholdsService,
    RidesService,
    RidesResolver,
    RiderSettingsResolver,
    RidesEventsHandler,
    RideMetricsRecomputeService,
    RideMetricsRecomputeProcessor,
    RideFromStreams,
  ],
  exports: [
    RidesRepository,
    RiderProfileRepository,
    RiderThresholdsService,
    RidesService,
    RideMetricsRecomputeService,
    RideFromStreams,
  ],
})
export class RidesModule {}
