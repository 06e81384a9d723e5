import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideStreamsEntity } from '../rides/ride-streams.entity.js';
import { RideEntity } from '../rides/ride.entity.js';
import { RidesModule } from '../rides/rides.module.js';
import { TrainingModule } from '../training/training.module.js';
import { PlanAdjustmentEntity } from './plan-adjustment.entity.js';
import { PlanSessionEntity } from './plan-session.entity.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository } from './plans.repository.js';
import { PlansResolver } from './plans.resolver.js';
import { PlansService } from './plans.service.js';
import { TrainingPlanEntity } from './training-plan.entity.js';

/** The tables of training plans, for the service's database definition. */
export const PLAN_ENTITIES = [TrainingPlanEntity, PlanSessionEntity, PlanAdjustmentEntity];

/**
 * Periodised training plans, their calendar, adaptation and race preparation (issue 23), Elite only.
 * The engine (./engine) is pure; this module stores, settles and serves its plans.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([...PLAN_ENTITIES, RideEntity, RideStreamsEntity]),
    RidesModule,
    TrainingModule,
  ],
  controllers: [PlansController],
  providers: [PlansRepository, PlansService, PlansResolver],
  exports: [PlansService],
})
export class PlansModule {}
