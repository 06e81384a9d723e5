import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlansModule } from '../plans/plans.module.js';
import { RidesModule } from '../rides/rides.module.js';
import { TrainingModule } from '../training/training.module.js';
import { CalendarFeedEntity } from './calendar-feed.entity.js';
import { CalendarFeedsRepository } from './calendar-feeds.repository.js';
import { WorkoutExportEventsHandler } from './workout-export-events.handler.js';
import { PlanSessionExportController, WorkoutExportController } from './workout-export.controller.js';
import { WorkoutExportService } from './workout-export.service.js';

/**
 * Workouts for the bike computer and the trainer (.zwo, .fit, .erg, .mrc) and the rider's iCalendar
 * feed, over the rider's training plan (PlansModule) or else the sessions TrainingService recommends.
 * Elite only. PlansModule is re-exported for the rider purge (StravaModule imports this module).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CalendarFeedEntity]), RidesModule, TrainingModule, PlansModule],
  controllers: [WorkoutExportController, PlanSessionExportController],
  providers: [CalendarFeedsRepository, WorkoutExportService, WorkoutExportEventsHandler],
  exports: [WorkoutExportService, PlansModule],
})
export class WorkoutExportModule {}
