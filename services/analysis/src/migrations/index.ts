import { CreateMonthlyAnalysisUsage1795652380354 } from './1795652380354-CreateMonthlyAnalysisUsage.js';
import { AddRideFeedbackAndChatMessages1795663286703 } from './1795663286703-AddRideFeedbackAndChatMessages.js';
import { AddRideFeedbackTierAndOutdated1795716941855 } from './1795716941855-AddRideFeedbackTierAndOutdated.js';

/** Applied in this order. Never edit a migration that has landed; add a new one. */
export const migrations = [CreateMonthlyAnalysisUsage1795652380354, AddRideFeedbackAndChatMessages1795663286703, AddRideFeedbackTierAndOutdated1795716941855];
