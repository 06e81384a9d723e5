import { Injectable } from '@nestjs/common';
import { EventPublisher, OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import type { EntityManager } from 'typeorm';
import { UsersRepository } from './users.repository.js';

const managerOf = (context: EventContext): EntityManager => {
  if (!context.manager) throw new Error('auth event handlers run in a database transaction');
  return context.manager;
};

/** Keeps the user's tier, Stripe customer and Strava id in step with the services that own them. */
@Injectable()
export class UserProjectionsHandler {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: EventPublisher,
  ) {}

  @OnEvent('subscription.tier-changed')
  async onTierChanged(
    payload: EventPayload<'subscription.tier-changed'>,
    context: EventContext,
  ): Promise<void> {
    await this.users.setTier(managerOf(context), payload.userId, payload.tier, payload.stripeCustomerId);
  }

  @OnEvent('strava.connected')
  async onStravaConnected(payload: EventPayload<'strava.connected'>, context: EventContext): Promise<void> {
    await this.users.setStravaId(managerOf(context), payload.userId, payload.athleteId);
  }

  @OnEvent('strava.disconnected')
  async onStravaDisconnected(
    payload: EventPayload<'strava.disconnected'>,
    context: EventContext,
  ): Promise<void> {
    await this.users.setStravaId(managerOf(context), payload.userId, null);
  }

  /** Permanent deletion: the account row goes, and the admin service hears that auth is done. */
  @OnEvent('user.deleted')
  async onUserDeleted(payload: EventPayload<'user.deleted'>, context: EventContext): Promise<void> {
    const manager = managerOf(context);
    await this.users.deleteUser(manager, payload.userId);
    await this.events.publish(manager, 'user.purged', { userId: payload.userId, service: 'auth' });
  }
}
