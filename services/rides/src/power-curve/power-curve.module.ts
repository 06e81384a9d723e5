import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideStreamsEntity } from '../rides/ride-streams.entity.js';
import { RideEntity } from '../rides/ride.entity.js';
import { RidesModule } from '../rides/rides.module.js';
import { PowerCurveController } from './power-curve.controller.js';
import { PowerCurveRepository } from './power-curve.repository.js';
import { PowerCurveResolver } from './power-curve.resolver.js';
import { PowerCurveService } from './power-curve.service.js';
import { RidePowerCurveEntity } from './ride-power-curve.entity.js';

/** The rider's power-duration curve and critical-power model, merged from stored per-ride curves. */
@Module({
  imports: [TypeOrmModule.forFeature([RideEntity, RideStreamsEntity, RidePowerCurveEntity]), RidesModule],
  controllers: [PowerCurveController],
  providers: [PowerCurveRepository, PowerCurveService, PowerCurveResolver],
  exports: [PowerCurveService],
})
export class PowerCurveModule {}
