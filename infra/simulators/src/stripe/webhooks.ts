import { createHmac } from 'node:crypto';
import type { StripeEvent } from './records.js';

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error: string | null;
}

export interface EventDelivery {
  event: StripeEvent;
  attempts: DeliveryAttempt[];
  delivered: boolean;
  /** held back by the hold control, not yet attempted */
  held: boolean;
}

export interface WebhookOptions {
  url: string | undefined;
  secret: string;
  /** waits between attempts after a failure; Stripe retries for days, the simulator for this list */
  retryDelaysMs: number[];
  timeoutMs?: number;
}

/** Stripe's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export const signPayload = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

/**
 * Delivers events to the webhook endpoint as Stripe does: a JSON POST signed with the endpoint
 * secret, any 2xx counts as delivered, anything else is retried later; events are sent as they
 * happen, concurrently, so their arrival order is not guaranteed. Tests can hold events back and
 * release them in reverse order, or redeliver one.
 */
export class WebhookDispatcher {
  private readonly deliveries = new Map<string, EventDelivery>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private holding = false;
  private closed = false;

  constructor(private readonly options: WebhookOptions) {}

  /** Points deliveries at another endpoint (or none). */
  setUrl(url: string | undefined): void {
    this.options.url = url;
  }

  enqueue(event: StripeEvent): void {
    const delivery: EventDelivery = { event, attempts: [], delivered: false, held: this.holding };
    this.deliveries.set(event.id, delivery);
    if (!this.holding) this.attempt(delivery, 0);
  }

  /** Every event so far, oldest first. */
  list(): EventDelivery[] {
    return [...this.deliveries.values()];
  }

  get(eventId: string): EventDelivery | undefined {
    return this.deliveries.get(eventId);
  }

  /** Sends one event again now (with retries), whatever happened to it before. */
  async redeliver(eventId: string): Promise<EventDelivery | undefined> {
    const delivery = this.deliveries.get(eventId);
    if (!delivery) return undefined;
    delivery.held = false;
    await this.track(this.send(delivery, 0));
    return delivery;
  }

  /** From now on events are kept back until `release`. */
  hold(): void {
    this.holding = true;
  }

  /** Sends the held events one after the other, in creation order or reversed; stops holding. */
  async release(order: 'created' | 'reverse' = 'created'): Promise<string[]> {
    this.holding = false;
    const held = this.list().filter((delivery) => delivery.held);
    if (order === 'reverse') held.reverse();
    for (const delivery of held) {
      delivery.held = false;
      await this.track(this.send(delivery, 0));
    }
    return held.map((delivery) => delivery.event.id);
  }

  /** Resolves once no delivery is in flight and no retry is waiting. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) {
      await Promise.race([...this.inFlight, new Promise((resolve) => setTimeout(resolve, 20))]);
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private attempt(delivery: EventDelivery, retry: number): void {
    void this.track(this.send(delivery, retry));
  }

  private track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  private async send(delivery: EventDelivery, retry: number): Promise<void> {
    if (this.closed || !this.options.url) return;
    const payload = JSON.stringify(delivery.event, null, 2);
    const attempt: DeliveryAttempt = { at: new Date().toISOString(), status: null, error: null };
    delivery.attempts.push(attempt);
    try {
      const answer = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signPayload(payload, this.options.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
      attempt.status = answer.status;
      await answer.arrayBuffer();
      if (answer.ok) {
        delivery.delivered = true;
        return;
      }
    } catch (error) {
      attempt.error = (error as Error).message;
    }
    const delay = this.options.retryDelaysMs[retry];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(delivery, retry + 1);
    }, delay);
    this.timers.add(timer);
  }
}
