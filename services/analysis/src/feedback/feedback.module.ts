import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiProvidersModule } from '../llm/ai-providers.module.js';
import { QuotaModule } from '../quota/quota.module.js';
import { RiderContextModule } from '../rider-context/rider-context.module.js';
import { FeedbackBatchLoader } from './feedback-batch.loader.js';
import { RideAnalysisProcessor } from './ride-analysis.processor.js';
import { RideFeedbackRewriteService } from './ride-feedback-rewrite.service.js';
import { RideFeedbackController } from './ride-feedback.controller.js';
import { RideFeedbackEntity } from './ride-feedback.entity.js';
import { RideFeedbackRepository } from './ride-feedback.repository.js';
import { RideFeedbackResolver } from './ride-feedback.resolver.js';
import { RideFeedbackService } from './ride-feedback.service.js';
import { RideMetricsEventsHandler } from './ride-metrics-events.handler.js';

/**
 * Ride feedback: the analysis endpoints, the ride-analysis worker, the feedback on the rides list
 * and its rewrite when a ride's metrics change.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RideFeedbackEntity]),
    QuotaModule,
    AiProvidersModule,
    RiderContextModule,
  ],
  controllers: [RideFeedbackController],
  providers: [
    RideFeedbackRepository,
    RideFeedbackService,
    RideFeedbackResolver,
    FeedbackBatchLoader,
    RideAnalysisProcessor,
    RideFeedbackRewriteService,
    RideMetricsEventsHandler,
  ],
  exports: [RideFeedbackRepository],
})
export class FeedbackModule {}
