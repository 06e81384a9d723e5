import { EventConsumer, IdempotentHandlerDeduper, type Logger } from '@domestique/common';
import type { RedisClient } from '@domestique/common';
import type { SessionStore } from '../sessions/session-store.js';

/**
 * The gateway's event subscriptions: sessions follow the user's fate. Both effects are idempotent,
 * so redelivery is harmless and no ledger is needed.
 */
export const gatewayEvents = (
  connection: RedisClient,
  store: SessionStore,
  logger: Logger,
  prefix: string,
): EventConsumer =>
  new EventConsumer('gateway', connection, new IdempotentHandlerDeduper(), logger, prefix)
    .on('user.deleted', async ({ userId }) => {
      const ended = await store.destroyAllForUser(userId);
      logger.info({ userId, ended }, 'Deleted user: sessions ended');
    })
    .on('subscription.tier-changed', async ({ userId, tier }) => {
      await store.setTierForUser(userId, tier);
    });
