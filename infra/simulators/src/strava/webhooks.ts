// Push subscriptions (one per application) and event delivery, as Strava's Webhook Events API does it:
// the subscription is created only after a GET handshake echoing hub.challenge within two seconds;
// each event is POSTed to the callback and retried (three attempts in all) until it is answered 200.
import { randomBytes } from 'node:crypto';
import { badRequest, notFound, StravaError } from './errors.js';
import { isoSeconds } from './timezone.js';

export interface PushSubscription {
  id: number;
  resource_state: 2;
  application_id: string;
  callback_url: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookEvent {
  object_type: 'activity' | 'athlete';
  object_id: number;
  aspect_type: 'create' | 'update' | 'delete';
  owner_id: number;
  subscription_id: number;
  event_time: number;
  updates: Record<string, string>;
}

export interface WebhookDelivery {
  event: WebhookEvent;
  callbackUrl: string;
  /** One entry per attempt: the HTTP status, or the network error / timeout. */
  attempts: { status: number | null; error?: string }[];
  delivered: boolean;
}

const TIMEOUT_MS = 2000;
const ATTEMPTS = 3;

export class Webhooks {
  private readonly subscriptions = new Map<string, PushSubscription>();
  /** applications whose subscription is being created (handshake under way): Strava allows one */
  private readonly creating = new Set<string>();
  private readonly log: WebhookDelivery[] = [];
  private nextId = 1;

  constructor(
    private readonly now: () => number,
    private readonly retryDelayMs: number,
  ) {}

  all(): PushSubscription[] {
    return [...this.subscriptions.values()];
  }

  of(clientId: string): PushSubscription | undefined {
    return this.subscriptions.get(clientId);
  }

  /** POST /push_subscriptions: validates the callback with Strava's GET handshake, then stores it. */
  async create(clientId: string, callbackUrl: string | undefined, verifyToken: string | undefined) {
    if (!callbackUrl) throw badRequest('PushSubscription', 'callback_url', 'missing');
    if (!verifyToken) throw badRequest('PushSubscription', 'verify_token', 'missing');
    let url: URL;
    try {
      url = new URL(callbackUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    } catch {
      throw badRequest('PushSubscription', 'callback url', 'invalid');
    }
    if (this.subscriptions.has(clientId) || this.creating.has(clientId))
      throw badRequest('PushSubscription', '', 'already exists');
    this.creating.add(clientId);
    try {
      const challenge = randomBytes(8).toString('hex');
      url.searchParams.set('hub.verify_token', verifyToken);
      url.searchParams.set('hub.challenge', challenge);
      url.searchParams.set('hub.mode', 'subscribe');
      let echoed: unknown;
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (answer.status !== 200)
          throw badRequest('PushSubscription', 'callback url', 'GET to callback URL does not return 200');
        echoed = ((await answer.json()) as Record<string, unknown>)['hub.challenge'];
      } catch (error) {
        if (error instanceof StravaError) throw error;
        throw badRequest('PushSubscription', 'callback url', 'GET to callback URL does not return 200');
      }
      if (echoed !== challenge) throw badRequest('PushSubscription', 'callback url', 'not verifiable');
      const at = isoSeconds(this.now());
      const subscription: PushSubscription = {
        id: this.nextId++,
        resource_state: 2,
        application_id: clientId,
        callback_url: callbackUrl,
        created_at: at,
        updated_at: at,
      };
      this.subscriptions.set(clientId, subscription);
      return subscription;
    } finally {
      this.creating.delete(clientId);
    }
  }

  delete(clientId: string, id: number): void {
    const subscription = this.subscriptions.get(clientId);
    if (!subscription || subscription.id !== id) throw notFound('PushSubscription');
    this.subscriptions.delete(clientId);
  }

  /** Pushes an event to the client's subscription (if it has one); resolves when delivered or given up. */
  async push(
    clientId: string,
    event: Omit<WebhookEvent, 'subscription_id' | 'event_time'>,
  ): Promise<WebhookDelivery | null> {
    const subscription = this.subscriptions.get(clientId);
    if (!subscription) return null;
    const delivery: WebhookDelivery = {
      event: { ...event, subscription_id: subscription.id, event_time: this.now() },
      callbackUrl: subscription.callback_url,
      attempts: [],
      delivered: false,
    };
    this.log.push(delivery);
    for (let attempt = 1; attempt <= ATTEMPTS && !delivery.delivered; attempt += 1) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
      try {
        const answer = await fetch(subscription.callback_url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(delivery.event),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await answer.arrayBuffer().catch(() => undefined);
        delivery.attempts.push({ status: answer.status });
        delivery.delivered = answer.status === 200;
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        delivery.attempts.push({
          status: null,
          error: timedOut ? 'no answer within 2 s' : error instanceof Error ? error.message : String(error),
        });
      }
    }
    return delivery;
  }

  deliveries(): WebhookDelivery[] {
    return [...this.log];
  }

  clearDeliveries(): void {
    this.log.length = 0;
  }
}
