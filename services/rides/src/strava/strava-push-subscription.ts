import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, PRODUCER_REDIS, type Logger } from '@domestique/common';
import type { Redis } from 'ioredis';
import type { RidesConfig } from '../config/env.schema.js';
import { StravaClient } from './strava.client.js';

/** How often, at most, Strava is asked which subscription is ours when an event names another one. */
export const SUBSCRIPTION_RECHECK_MS = 15 * 60 * 1000;
/** After a failed look-up, ask again this soon. */
const FAILED_RECHECK_MS = 60 * 1000;
/** The webhook answers within Strava's 2 s: a look-up that takes longer decides nothing for this event. */
const LOOKUP_WAIT_MS = 1500;

/**
 * Which push subscription is ours. Strava allows one per application; its id arrives in every
 * event Strava pushes. The worker remembers it when it ensures the subscription; otherwise (a
 * subscription made by hand, Redis emptied) it is looked up at Strava on the first event, and
 * looked up again at most every SUBSCRIPTION_RECHECK_MS when an event names another id (a
 * subscription recreated by hand), so forged events cannot make us ask Strava more often.
 */
@Injectable()
export class StravaPushSubscription {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    private readonly client: StravaClient,
  ) {}

  private key(name: 'id' | 'checked' | 'lock'): string {
    return [this.config.REDIS_PREFIX, 'strava', 'push-subscription', name].join(':');
  }

  /**
   * One replica at a time looks up or creates the subscription (Strava allows one per application):
   * true when this caller holds the lock, for at most a minute.
   */
  async lock(): Promise<boolean> {
    return (await this.redis.set(this.key('lock'), '1', 'PX', 60_000, 'NX')) === 'OK';
  }

  async unlock(): Promise<void> {
    await this.redis.del(this.key('lock'));
  }

  /** Remembers our subscription's id (null: we have none). */
  async remember(id: number | null): Promise<void> {
    if (id === null) await this.redis.del(this.key('id'));
    else await this.redis.set(this.key('id'), String(id));
  }

  /** The id remembered, if any. */
  async known(): Promise<string | null> {
    return this.redis.get(this.key('id'));
  }

  /** Whether an event naming `subscriptionId` comes through our subscription. */
  async isOurs(subscriptionId: string | undefined): Promise<boolean> {
    if (subscriptionId === undefined) return false;
    if ((await this.known()) === subscriptionId) return true;
    const mayAsk = await this.redis.set(this.key('checked'), '1', 'PX', SUBSCRIPTION_RECHECK_MS, 'NX');
    if (mayAsk !== 'OK') return false;
    const lookup = this.lookUp();
    const current = await Promise.race([
      lookup,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), LOOKUP_WAIT_MS).unref()),
    ]);
    return current !== undefined && current !== null && String(current) === subscriptionId;
  }

  /** Asks Strava and remembers the answer; undefined when Strava could not tell. */
  private async lookUp(): Promise<number | null | undefined> {
    try {
      const [ours] = await this.client.listPushSubscriptions();
      const id = ours?.id ?? null;
      await this.remember(id);
      this.logger.info({ subscriptionId: id }, 'Strava push subscription looked up');
      return id;
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not look up the Strava push subscription');
      await this.redis.pexpire(this.key('checked'), FAILED_RECHECK_MS).catch(() => undefined);
      return undefined;
    }
  }
}
