import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RidesModule } from '../rides/rides.module.js';
import { TrainingModule } from '../training/training.module.js';
import { CalendarFeedEntity } from './calendar-feed.entity.js';
import { CalendarFeedsRepository } from './calendar-feeds.repository.js';
import { WorkoutExportEventsHandler } from './workout-export-events.handler.js';
import { WorkoutExportController } from './workout-export.controller.js';
import { WorkoutExportService } from './workout-export.service.js';

/**
 * Workouts for the bike computer and the trainer (.zwo, .fit, .erg, .mrc) and the rider's iCalendar
 * feed, over the sessions TrainingService plans. Elite only.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CalendarFeedEntity]), RidesModule, TrainingModule],
  controllers: [WorkoutExportController],
  providers: [CalendarFeedsRepository, WorkoutExportService, WorkoutExportEventsHandler],
  exports: [WorkoutExportService],
})
export class WorkoutExportModule {}
