import { Injectable } from '@nestjs/common';
import { EventPublisher, OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import type { EntityManager } from 'typeorm';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { WaitlistRepository } from '../waitlist/waitlist.repository.js';
import { BillingCustomersRepository } from './billing-customers.repository.js';

const managerOf = (context: EventContext): EntityManager => {
  if (!context.manager) throw new Error('billing event handlers run in a database transaction');
  return context.manager;
};

/**
 * Opens a rider's billing record; purges a deleted rider (ending their Stripe subscriptions, and
 * taking their email off the Elite waitlist).
 */
@Injectable()
export class BillingCustomersHandler {
  constructor(
    private readonly customers: BillingCustomersRepository,
    private readonly subscriptions: SubscriptionsService,
    private readonly waitlist: WaitlistRepository,
    private readonly events: EventPublisher,
  ) {}

  @OnEvent('user.registered')
  async onUserRegistered(payload: EventPayload<'user.registered'>, context: EventContext): Promise<void> {
    await this.customers.add(managerOf(context), payload.userId, payload.email);
  }

  @OnEvent('user.deleted')
  async onUserDeleted(payload: EventPayload<'user.deleted'>, context: EventContext): Promise<void> {
    const manager = managerOf(context);
    // the email is only known from the rider's billing row, which the purge removes
    const customer = await this.customers.lockForUser(manager, payload.userId);
    await this.subscriptions.purgeUser(manager, payload.userId);
    if (customer) await this.waitlist.forget(manager, customer.email);
    await this.events.publish(manager, 'user.purged', { userId: payload.userId, service: 'billing' });
  }
}
