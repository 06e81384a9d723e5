import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StripeWebhookEventEntity } from './stripe-webhook-event.entity.js';

/** The only code that touches stripe_webhook_events. */
@Injectable()
export class StripeWebhookEventsRepository {
  /**
   * Records an event id in the caller's transaction; false when it was recorded before (a
   * concurrent delivery of the same event waits here until the first one commits or rolls back).
   */
  async recordOnce(manager: EntityManager, id: string, type: string): Promise<boolean> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(StripeWebhookEventEntity)
      .values({ id, type })
      .orIgnore()
      .returning('id')
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }
}
