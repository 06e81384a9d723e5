import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GoalsModule } from '../goals/goals.module.js';
import { RideEntity } from '../rides/ride.entity.js';
import { RidesModule } from '../rides/rides.module.js';
import { DailyLoadEntity } from './daily-load.entity.js';
import { TrainingStateEntity } from './training-state.entity.js';
import { TrainingController } from './training.controller.js';
import { TrainingEventsHandler } from './training-events.handler.js';
import { TrainingRepository } from './training.repository.js';
import { TrainingResolver } from './training.resolver.js';
import { TrainingService } from './training.service.js';

/**
 * Training load (CTL/ATL/TSB from a per-rider daily-load table kept current by the ride events), the
 * coach's form (`TrainingService.formAt`) and the week of recommended sessions.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RideEntity, DailyLoadEntity, TrainingStateEntity]),
    RidesModule,
    GoalsModule,
  ],
  controllers: [TrainingController],
  providers: [TrainingRepository, TrainingService, TrainingResolver, TrainingEventsHandler],
  exports: [TrainingService],
})
export class TrainingModule {}
