import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  CONFIG,
  EventPublisher,
  JobQueue,
  LOGGER,
  ProcessJob,
  WorkerRuntime,
  type Logger,
} from '@domestique/common';
import { isCyclingSportType, type JobPayload } from '@domestique/proto';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { RidesConfig } from '../config/env.schema.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { STRAVA_SOURCE, StravaRideImporter } from './strava-ride-importer.js';
import { runStravaStep } from './strava-jobs.js';
import { StravaClient } from './strava.client.js';
import { StravaConnectionRepository } from './strava-connection.repository.js';
import { StravaConnectionService } from './strava-connection.service.js';
import { StravaNotFoundError } from './strava.errors.js';
import {
  StravaAccessRevokedError,
  StravaNotConnectedError,
  StravaTokensService,
} from './strava-tokens.service.js';

type WebhookEvent = JobPayload<'strava-webhook.event'>;

export const webhookCallbackUrl = (publicUrl: string): string =>
  `${publicUrl.replace(/\/$/, '')}/api/strava/webhook`;

/**
 * `strava-webhook.event`: what Strava pushed, applied after the fast acknowledgement. Strava's
 * events are not signed, so the destructive ones are confirmed with Strava first: a deleted
 * activity must answer 404, a deauthorized athlete's token must answer 401.
 */
@Injectable()
export class StravaWebhookProcessor implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly moduleRef: ModuleRef,
    private readonly dataSource: DataSource,
    private readonly connections: StravaConnectionRepository,
    private readonly connection: StravaConnectionService,
    private readonly tokens: StravaTokensService,
    private readonly client: StravaClient,
    private readonly rides: RidesRepository,
    private readonly importer: StravaRideImporter,
    private readonly events: EventPublisher,
    private readonly jobs: JobQueue,
  ) {}

  /** In the worker process, makes sure Strava pushes events here (when configured). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.STRAVA_PUSH_SUBSCRIPTION || !this.inWorker()) return;
    await this.jobs.enqueue(
      'strava-webhook.ensure-subscription',
      { callbackUrl: webhookCallbackUrl(this.config.PUBLIC_URL) },
      { jobId: `ensure-subscription-${Date.now()}`, attempts: 20 },
    );
  }

  private inWorker(): boolean {
    try {
      return Boolean(this.moduleRef.get(WorkerRuntime, { strict: false }));
    } catch {
      return false;
    }
  }

  @ProcessJob('strava-webhook.ensure-subscription')
  async ensureSubscription(
    data: JobPayload<'strava-webhook.ensure-subscription'>,
    job: Job,
  ): Promise<{ id: number }> {
    const existing = await runStravaStep(job, () => this.client.listPushSubscriptions());
    const mine = existing.find((subscription) => subscription.callback_url === data.callbackUrl);
    if (mine) return { id: mine.id };
    if (existing.length > 0) {
      this.logger.warn(
        { callbackUrl: existing[0]!.callback_url },
        'Strava pushes events to another callback; leaving that subscription in place',
      );
      return { id: existing[0]!.id };
    }
    const created = await runStravaStep(job, () => this.client.createPushSubscription(data.callbackUrl));
    this.logger.info({ id: created.id, callbackUrl: data.callbackUrl }, 'Strava push subscription created');
    return { id: created.id };
  }

  @ProcessJob('strava-webhook.event')
  async handle(event: WebhookEvent, job: Job): Promise<string> {
    const connection = await this.connections.findByAthlete(event.ownerId);
    if (!connection) return 'unknown-athlete';
    const { userId } = connection;
    try {
      if (event.objectType === 'athlete') return await this.onAthlete(userId, event, job);
      switch (event.aspectType) {
        case 'create':
          return await this.importActivity(userId, event.objectId, job);
        case 'update':
          return await this.onActivityUpdate(userId, event, job);
        case 'delete':
          return await this.onActivityDelete(userId, event.objectId, job);
      }
    } catch (error) {
      if (error instanceof StravaNotConnectedError) return 'not-connected';
      throw error;
    }
  }

  private async onAthlete(userId: string, event: WebhookEvent, job: Job): Promise<string> {
    if (event.updates?.authorized !== 'false') return 'ignored';
    const stillAuthorized = await runStravaStep(job, async () => {
      try {
        await this.tokens.withToken(userId, (token) => this.client.getAthlete(token));
        return true;
      } catch (error) {
        if (error instanceof StravaAccessRevokedError) return false;
        throw error;
      }
    });
    if (stillAuthorized) {
      this.logger.warn({ userId }, 'Deauthorization event, but Strava still accepts the token; ignoring it');
      return 'not-confirmed';
    }
    await this.connection.revoked(userId);
    return 'disconnected';
  }

  private async importActivity(userId: string, activityId: string, job: Job): Promise<string> {
    let activity;
    try {
      activity = await runStravaStep(job, () =>
        this.tokens.withToken(userId, (token) => this.client.getActivity(token, activityId)),
      );
    } catch (error) {
      if (error instanceof StravaNotFoundError) return 'gone';
      throw error;
    }
    const [ride] = await this.importer.importActivities(userId, [activity]);
    if (!ride) return 'not-a-ride';
    await this.importer.enqueueStreams(userId, [ride]);
    return ride.inserted ? 'imported' : 'refreshed';
  }

  private async onActivityUpdate(userId: string, event: WebhookEvent, job: Job): Promise<string> {
    const known = await this.rides.findByExternalId(userId, STRAVA_SOURCE, event.objectId);
    const updates = event.updates ?? {};
    // A ride we do not have (a run that became a ride, a missed create): fetch and import it.
    if (!known) return this.importActivity(userId, event.objectId, job);
    if (updates.type !== undefined && !isCyclingSportType(updates.type))
      return this.removeRide(userId, event.objectId);
    const changes = {
      ...(updates.title !== undefined ? { name: updates.title } : {}),
      ...(updates.type !== undefined ? { sportType: updates.type } : {}),
      ...(updates.private !== undefined ? { isPrivate: updates.private === 'true' } : {}),
    };
    await this.rides.applyUpdate(this.dataSource.manager, userId, STRAVA_SOURCE, event.objectId, changes);
    return 'updated';
  }

  private async onActivityDelete(userId: string, activityId: string, job: Job): Promise<string> {
    try {
      await runStravaStep(job, () =>
        this.tokens.withToken(userId, (token) => this.client.getActivity(token, activityId)),
      );
      this.logger.warn(
        { userId, activityId },
        'Delete event, but Strava still has the activity; ignoring it',
      );
      return 'not-confirmed';
    } catch (error) {
      if (!(error instanceof StravaNotFoundError)) throw error;
    }
    return this.removeRide(userId, activityId);
  }

  private removeRide(userId: string, activityId: string): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const rideId = await this.rides.deleteByExternalId(manager, userId, STRAVA_SOURCE, activityId);
      if (!rideId) return 'unknown-ride';
      await this.events.publish(manager, 'ride.deleted', { userId, rideId });
      return 'deleted';
    });
  }
}
