import { Injectable } from '@nestjs/common';
import { EventPublisher, OnEvent, type EventContext } from '@domestique/common';
import type { EventPayload } from '@domestique/proto';
import { ChatMessagesRepository } from '../coach/chat-messages.repository.js';
import { RideFeedbackRepository } from '../feedback/ride-feedback.repository.js';
import { monthOf } from '../quota/monthly-analysis-quota.js';
import { MonthlyAnalysisQuotaRepository } from '../quota/monthly-analysis-quota.repository.js';

/** Opens a new rider's quota record; removes everything of a deleted rider (feedback, chat, quota). */
@Injectable()
export class AnalysisAccountsHandler {
  constructor(
    private readonly quota: MonthlyAnalysisQuotaRepository,
    private readonly feedback: RideFeedbackRepository,
    private readonly chat: ChatMessagesRepository,
    private readonly events: EventPublisher,
  ) {}

  @OnEvent('user.registered')
  async onUserRegistered(payload: EventPayload<'user.registered'>, { manager }: EventContext): Promise<void> {
    await this.quota.open(manager!, payload.userId, monthOf(new Date(payload.registeredAt)));
  }

  @OnEvent('user.deleted')
  async onUserDeleted(payload: EventPayload<'user.deleted'>, { manager }: EventContext): Promise<void> {
    await this.feedback.deleteForUser(manager!, payload.userId);
    await this.chat.deleteForUser(manager!, payload.userId);
    await this.quota.deleteForUser(manager!, payload.userId);
    await this.events.publish(manager!, 'user.purged', { userId: payload.userId, service: 'analysis' });
  }
}
