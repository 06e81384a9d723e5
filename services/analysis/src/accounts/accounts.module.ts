import { Module } from '@nestjs/common';
import { CoachChatModule } from '../coach/coach-chat.module.js';
import { FeedbackModule } from '../feedback/feedback.module.js';
import { QuotaModule } from '../quota/quota.module.js';
import { AnalysisAccountsHandler } from './analysis-accounts.handler.js';

/** Follows riders' accounts: a quota record for each new rider, a full purge of a deleted one. */
@Module({
  imports: [QuotaModule, FeedbackModule, CoachChatModule],
  providers: [AnalysisAccountsHandler],
})
export class AccountsModule {}
