import { Injectable } from '@nestjs/common';
import { EventPublisher, OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { monthOf } from './monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaRepository } from './monthly-analysis-quota.repository.js';

/** Opens a new rider's quota record; removes every record of a deleted rider. */
@Injectable()
export class QuotaAccountsHandler {
  constructor(
    private readonly quota: MonthlyAnalysisQuotaRepository,
    private readonly events: EventPublisher,
  ) {}

  @OnEvent('user.registered')
  async onUserRegistered(payload: EventPayload<'user.registered'>, { manager }: EventContext): Promise<void> {
    await this.quota.open(manager!, payload.userId, monthOf(new Date(payload.registeredAt)));
  }

  @OnEvent('user.deleted')
  async onUserDeleted(payload: EventPayload<'user.deleted'>, { manager }: EventContext): Promise<void> {
    await this.quota.deleteForUser(manager!, payload.userId);
    await this.events.publish(manager!, 'user.purged', { userId: payload.userId, service: 'analysis' });
  }
}
