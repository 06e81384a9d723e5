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
import type { JobPayload } from '@domestique/proto';
import { DelayedError, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { RidesConfig } from '../config/env.schema.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { WEBHOOK_READ_RESERVE, windowsAt } from './rate-limit.js';
import { isRide } from './strava-activity.mapper.js';
import { StravaConnectionRepository } from './strava-connection.repository.js';
import { StravaConnectionService } from './strava-connection.service.js';
import { runStravaStep } from './strava-jobs.js';
import { StravaPushSubscription } from './strava-push-subscription.js';
import { StravaRateLimiter } from './strava-rate-limiter.js';
import { STRAVA_SOURCE, StravaRideImporter } from './strava-ride-importer.js';
import { StravaSyncService } from './strava-sync.service.js';
import { StravaClient } from './strava.client.js';
import { StravaNotFoundError } from './strava.errors.js';
import {
  StravaAccessRevokedError,
  StravaNotConnectedError,
  StravaTokensService,
} from './strava-tokens.service.js';

type WebhookEvent = JobPayload<'strava-webhook.event'>;

/** What a `strava-webhook.event` job did (its return value; the tests and the logs read it). */
export type WebhookOutcome =
  | 'unknown-athlete'
  | 'not-connected'
  | 'ignored'
  | 'deferred'
  | 'imported'
  | 'refreshed'
  | 'deleted'
  | 'gone'
  | 'not-a-ride'
  | 'not-owned'
  | 'not-confirmed'
  | 'disconnected';

/** A catch-up sync starts this long into the next rate-limit window. */
const CATCH_UP_SLACK_MS = 5000;

export const webhookCallbackUrl = (publicUrl: string): string =>
  `${publicUrl.replace(/\/$/, '')}/api/strava/webhook`;

/**
 * `strava-webhook.event`: the check an event hints at, after the fast acknowledgement (see
 * StravaWebhookIntake). Strava's events are not signed, so none is taken as a fact: the activity
 * is fetched with the athlete's token and the ride made to match Strava's answer; a
 * deauthorization counts only once the athlete's token answers 401. Each athlete's events may
 * cause only a few reads per window (webhookReadCap), and all of them together only part of it.
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
    private readonly limiter: StravaRateLimiter,
    private readonly sync: StravaSyncService,
    private readonly subscription: StravaPushSubscription,
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
    // another replica is at it: this job retries and then finds its subscription
    if (!(await this.subscription.lock()))
      throw new Error('Another worker is ensuring the Strava push subscription');
    try {
      return await this.findOrCreateSubscription(data.callbackUrl, job);
    } finally {
      await this.subscription.unlock();
    }
  }

  private async findOrCreateSubscription(callbackUrl: string, job: Job): Promise<{ id: number }> {
    const existing = await runStravaStep(job, () => this.client.listPushSubscriptions());
    const mine = existing.find((subscription) => subscription.callback_url === callbackUrl);
    if (mine) {
      await this.subscription.remember(mine.id);
      return { id: mine.id };
    }
    if (existing.length > 0) {
      this.logger.warn(
        { callbackUrl: existing[0]!.callback_url },
        'Strava pushes events to another callback; leaving that subscription in place',
      );
      // Strava allows one subscription per application: that one is ours
      await this.subscription.remember(existing[0]!.id);
      return { id: existing[0]!.id };
    }
    const created = await runStravaStep(job, () => this.client.createPushSubscription(callbackUrl));
    await this.subscription.remember(created.id);
    this.logger.info({ id: created.id, callbackUrl: callbackUrl }, 'Strava push subscription created');
    return { id: created.id };
  }

  @ProcessJob('strava-webhook.event')
  async handle(event: WebhookEvent, job: Job): Promise<WebhookOutcome> {
    const connection = await this.connections.findByAthlete(event.ownerId);
    if (!connection) return 'unknown-athlete';
    const { userId } = connection;
    try {
      if (event.objectType === 'athlete') return await this.onAthlete(userId, event, job);
      return await this.reconcileActivity(userId, event, job);
    } catch (error) {
      if (error instanceof StravaNotConnectedError) return 'not-connected';
      throw error;
    }
  }

  /**
   * One webhook-triggered read at Strava, within the athlete's share of the window and leaving
   * WEBHOOK_READ_RESERVE of the window to the riders' own syncs. Answers null when the athlete's
   * share is spent: then a catch-up sync is queued for the next window instead, so a real new
   * activity is not lost.
   */
  private async readAtStrava<T>(
    userId: string,
    event: WebhookEvent,
    job: Job,
    read: () => Promise<T>,
  ): Promise<{ value: T } | null> {
    const taken = await this.limiter.takeWebhookRead(event.ownerId);
    if (!taken) {
      const now = Date.now();
      const nextWindow = windowsAt(now, this.config.STRAVA_RATE_WINDOW_S * 1000).shortEnd;
      await this.sync.start(userId, 'webhook', nextWindow - now + CATCH_UP_SLACK_MS);
      this.logger.warn(
        { userId, objectType: event.objectType, objectId: event.objectId, aspectType: event.aspectType },
        "Webhook event over the athlete's share of Strava reads; a catch-up sync is queued instead",
      );
      return null;
    }
    try {
      return { value: await runStravaStep(job, read) };
    } catch (error) {
      // postponed until the shared window resets: nothing was read, the share is not spent
      if (error instanceof DelayedError) await taken.release();
      throw error;
    }
  }

  private async onAthlete(userId: string, event: WebhookEvent, job: Job): Promise<WebhookOutcome> {
    if (event.updates?.authorized !== 'false') return 'ignored';
    const answer = await this.readAtStrava(userId, event, job, async () => {
      try {
        await this.tokens.withToken(userId, (token) => this.client.getAthlete(token, WEBHOOK_READ_RESERVE));
        return true;
      } catch (error) {
        if (error instanceof StravaAccessRevokedError) return false;
        throw error;
      }
    });
    if (!answer) return 'deferred';
    if (answer.value) {
      this.logger.warn({ userId }, 'Deauthorization event, but Strava still accepts the token; ignoring it');
      return 'not-confirmed';
    }
    await this.connection.revoked(userId);
    return 'disconnected';
  }

  /**
   * Whatever the event says (create, update or delete), the activity is fetched and the ride made
   * to match Strava's answer: imported or refreshed from it (every field, the title included), or
   * deleted when Strava says the activity is gone (404) or is not a ride.
   */
  private async reconcileActivity(userId: string, event: WebhookEvent, job: Job): Promise<WebhookOutcome> {
    let answer;
    try {
      answer = await this.readAtStrava(userId, event, job, () =>
        this.tokens.withToken(userId, (token) =>
          this.client.getActivity(token, event.objectId, WEBHOOK_READ_RESERVE),
        ),
      );
    } catch (error) {
      if (error instanceof StravaNotFoundError) return this.removeRide(userId, event.objectId, 'gone');
      throw error;
    }
    if (!answer) return 'deferred';
    const activity = answer.value;
    if (
      String(activity.id) !== event.objectId ||
      String(activity.athlete?.id ?? event.ownerId) !== event.ownerId
    ) {
      this.logger.warn(
        { userId, activityId: event.objectId },
        'Strava answered with another activity; ignoring the event',
      );
      return 'not-owned';
    }
    if (!isRide(activity)) return this.removeRide(userId, event.objectId, 'not-a-ride');
    const [ride] = await this.importer.importActivities(userId, [activity]);
    await this.importer.enqueueStreams(userId, ride!, 'webhook');
    return ride!.inserted ? 'imported' : 'refreshed';
  }

  /** Deletes the rider's ride of a Strava activity; `otherwise` when there is none. */
  private removeRide(
    userId: string,
    activityId: string,
    otherwise: 'gone' | 'not-a-ride',
  ): Promise<WebhookOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const rideId = await this.rides.deleteByExternalId(manager, userId, STRAVA_SOURCE, activityId);
      if (!rideId) return otherwise;
      await this.events.publish(manager, 'ride.deleted', { userId, rideId });
      return 'deleted';
    });
  }
}
