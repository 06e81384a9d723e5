// What the simulator's routers share: its state and clock.
import type { ActivityStore } from './activity-store.js';
import type { Counters, Faults } from './faults.js';
import type { RateLimiter } from './rate-limits.js';
import type { TokenStore } from './tokens.js';
import type { WebhookDelivery, WebhookEvent, Webhooks } from './webhooks.js';

/** A registered API application. */
export interface ClientApplication {
  id: string;
  secret: string;
  /** Shown on the authorize page (default "Domestique"). */
  name?: string;
}

export interface SimulatorContext {
  clients: ClientApplication[];
  store: ActivityStore;
  tokens: TokenStore;
  limiter: RateLimiter;
  webhooks: Webhooks;
  faults: Faults;
  counters: Counters;
  /** The simulator's clock, epoch seconds (moved by `advanceClock`). */
  now(): number;
  publicUrl(): string;
  /**
   * Pushes an event about the athlete to each subscribed application the athlete has authorized (or to
   * `clientIds`); `eventFor` gets that application's granted scopes and may skip it (null). Resolves when
   * every delivery is done.
   */
  pushToAuthorized(
    athleteId: number,
    eventFor: (scopes: string[], clientId: string) => PushedEvent | null,
    clientIds?: string[],
  ): Promise<WebhookDelivery[]>;
}

export type PushedEvent = Omit<WebhookEvent, 'subscription_id' | 'event_time'>;

export const findClient = (context: SimulatorContext, id: unknown): ClientApplication | undefined =>
  context.clients.find((client) => client.id === String(id ?? ''));
