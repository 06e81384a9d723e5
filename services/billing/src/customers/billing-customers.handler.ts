import { Injectable } from '@nestjs/common';
import { EventPublisher, OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { BillingCustomersRepository } from './billing-customers.repository.js';

@Injectable()
export class BillingCustomersHandler {
  constructor(
    private readonly customers: BillingCustomersRepository,
    private readonly events: EventPublisher,
  ) {}

  @OnEvent('user.registered')
  async onUserRegistered(payload: EventPayload<'user.registered'>, { manager }: EventContext): Promise<void> {
    await this.customers.add(manager!, payload.userId, payload.email);
  }

  @OnEvent('user.deleted')
  async onUserDeleted(payload: EventPayload<'user.deleted'>, { manager }: EventContext): Promise<void> {
    await this.customers.deleteForUser(manager!, payload.userId);
    await this.events.publish(manager!, 'user.purged', { userId: payload.userId, service: 'billing' });
  }
}
