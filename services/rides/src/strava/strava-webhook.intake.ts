import { Inject, Injectable } from '@nestjs/common';
import { JobQueue, LOGGER, type Logger } from '@domestique/common';
import type { StravaWebhookEventBody } from '@domestique/proto';
import { StravaPushSubscription } from './strava-push-subscription.js';
import { coalescingId, WEBHOOK_DEBOUNCE_MS, webhookJobOf, type WebhookJob } from './webhook-hints.js';

export type IntakeResult = 'queued' | 'ignored';

const JOB = 'strava-webhook.event';

/**
 * What `POST /api/strava/webhook` does with an event before it answers: events that did not come
 * through our push subscription are ignored (and logged); the others queue a check of what they
 * are about, coalesced per activity (BullMQ deduplication): while one check is waiting, repeats
 * add nothing; while one runs, one more is kept to run after it.
 */
@Injectable()
export class StravaWebhookIntake {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly jobs: JobQueue,
    private readonly subscription: StravaPushSubscription,
  ) {}

  async accept(event: StravaWebhookEventBody): Promise<IntakeResult> {
    const subscriptionId = event.subscription_id === undefined ? undefined : String(event.subscription_id);
    if (!(await this.subscription.isOurs(subscriptionId))) {
      this.logger.warn(
        {
          subscriptionId: subscriptionId?.slice(0, 20) ?? null,
          objectType: event.object_type,
          aspectType: event.aspect_type,
          ownerId: String(event.owner_id).slice(0, 20),
        },
        'Strava webhook event not from our push subscription; ignored',
      );
      return 'ignored';
    }
    const data = webhookJobOf(event);
    if (!data) return 'ignored';
    await this.enqueueCoalesced(data);
    return 'queued';
  }

  private async enqueueCoalesced(data: WebhookJob): Promise<void> {
    await this.jobs.enqueue(JOB, data, {
      delay: WEBHOOK_DEBOUNCE_MS,
      deduplication: { id: coalescingId(data), keepLastIfActive: true },
    });
  }
}
