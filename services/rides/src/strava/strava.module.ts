import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GoalsModule } from '../goals/goals.module.js';
import { TrainingModule } from '../training/training.module.js';
import { UploadModule } from '../upload/upload.module.js';
import { WorkoutExportModule } from '../workout-export/workout-export.module.js';
import { RideEntity } from '../rides/ride.entity.js';
import { RidesModule } from '../rides/rides.module.js';
import { RideStreamsProcessor } from './ride-streams.processor.js';
import { RideStreamsQueue } from './ride-streams.queue.js';
import { StravaConnectionEntity } from './strava-connection.entity.js';
import { StravaConnectionRepository } from './strava-connection.repository.js';
import { StravaConnectionService } from './strava-connection.service.js';
import { StravaOAuthState } from './strava-oauth-state.js';
import { StravaPurgeHandler } from './strava-purge.handler.js';
import { StravaPushSubscription } from './strava-push-subscription.js';
import { StravaRateLimiter } from './strava-rate-limiter.js';
import { StravaRideImporter } from './strava-ride-importer.js';
import { StravaSyncProcessor } from './strava-sync.processor.js';
import { StravaSyncService } from './strava-sync.service.js';
import { StravaTokensService } from './strava-tokens.service.js';
import { StreamsProgressRepository } from './streams-progress.repository.js';
import { StreamsWantedHandler } from './streams-wanted.handler.js';
import { StravaWebhookController } from './strava-webhook.controller.js';
import { StravaWebhookIntake } from './strava-webhook.intake.js';
import { StravaWebhookProcessor } from './strava-webhook.processor.js';
import { StravaClient } from './strava.client.js';
import { StravaController } from './strava.controller.js';
import { StravaResolver } from './strava.resolver.js';
import { StravaTokenCipher } from './token-cipher.js';

/** Everything about Strava: OAuth, tokens, the shared rate limit, sync, streams and webhooks. */
@Module({
  imports: [
    TypeOrmModule.forFeature([StravaConnectionEntity, RideEntity]),
    RidesModule,
    GoalsModule,
    TrainingModule,
    UploadModule,
    WorkoutExportModule,
  ],
  controllers: [StravaController, StravaWebhookController],
  providers: [
    StravaTokenCipher,
    StravaRateLimiter,
    StravaClient,
    StravaConnectionRepository,
    StravaOAuthState,
    StravaTokensService,
    RideStreamsQueue,
    StravaRideImporter,
    StreamsProgressRepository,
    StravaSyncService,
    StravaConnectionService,
    StravaResolver,
    StravaSyncProcessor,
    RideStreamsProcessor,
    StravaPushSubscription,
    StravaWebhookIntake,
    StravaWebhookProcessor,
    StravaPurgeHandler,
    StreamsWantedHandler,
  ],
  /** the ride page moves an opened ride's stream fetch to the front */
  exports: [RideStreamsQueue],
})
export class StravaModule {}
