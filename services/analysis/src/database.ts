import { ChatMessageEntity } from './coach/chat-message.entity.js';
import { RideFeedbackEntity } from './feedback/ride-feedback.entity.js';
import { migrations } from './migrations/index.js';
import { MonthlyAnalysisUsageEntity } from './quota/monthly-analysis-usage.entity.js';

/** The analysis schema's entities and committed migrations. */
export const analysisDatabase = {
  entities: [MonthlyAnalysisUsageEntity, RideFeedbackEntity, ChatMessageEntity],
  migrations,
};
