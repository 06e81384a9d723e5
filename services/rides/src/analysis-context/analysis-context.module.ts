import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { GoalsModule } from '../goals/goals.module.js';
import { RidesModule } from '../rides/rides.module.js';
import { TrainingModule } from '../training/training.module.js';
import { AnalysisContextController } from './analysis-context.controller.js';
import { AnalysisContextService } from './analysis-context.service.js';

/** The message patterns the analysis service reads ride and rider facts (and training load) from. */
@Module({
  imports: [RidesModule, GoalsModule, AnalyticsModule, TrainingModule],
  controllers: [AnalysisContextController],
  providers: [AnalysisContextService],
})
export class AnalysisContextModule {}
