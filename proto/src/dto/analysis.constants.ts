import { withThousands } from '../thousands.js';
/** The analysis domain's numbers and words (quota, chat), free of runtime dependencies for the web. */

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_SIZE = 20;
export const CHAT_PAGE_MAX = 100;

/** Spec section 9: the warning banner shows when this many analyses or fewer remain. */
export const LIMIT_WARNING_REMAINING = 1;

/** Spec section 9: the page reloads this long after a successful analysis. */
export const ANALYSIS_RELOAD_DELAY_MS = 2000;

/** What the analysis service answers with `{ message }` and what its screens say (spec sections 4, 5, 8). */
export const AnalysisMessages = {
  rideNotFound: 'Ride not found',
  monthlyLimitReached: (limit: number) =>
    `You've used all ${limit} AI analyses for this month. Upgrade to Pro for unlimited ride analysis.`,
  analysisFailed: 'Failed to generate AI feedback',
  analysisFailedFallback: 'Failed to generate AI feedback. Please try again.',
  analysisTimedOut: 'AI feedback is taking longer than expected. Please try again in a minute.',
  invalidResponse: 'Invalid response format',
  analysisComplete: 'AI Analysis Complete!',
  feedbackReady: 'Your personalized feedback is ready!',
  feedbackReadyRefreshing: 'Your personalized feedback is ready! Refreshing...',
  limitWarningTitle: 'Almost at your monthly limit',
  limitReachedTitle: 'Monthly AI Analysis Limit Reached',
  chatRequiresPaidPlan:
    'Coach chat is available on the Pro and Elite plans. Upgrade to chat with your coach.',
  chatMessageEmpty: 'Message cannot be empty',
  chatMessageTooLong: `Message must be ${withThousands(CHAT_MESSAGE_MAX_LENGTH)} characters or fewer`,
  chatFailed: 'Failed to send message',
  messageSent: 'Message sent',
  coachResponded: 'Your coach has responded!',
  invalidCursor: 'Invalid cursor',
  invalidLimit: `limit must be a whole number from 1 to ${CHAT_PAGE_MAX}`,
} as const;

/** The four quick questions of the coach page (spec section 2). */
export const COACH_QUICK_QUESTIONS = [
  'How can I improve my climbing?',
  "What's the best cadence for endurance rides?",
  'How often should I do interval training?',
  'What should I eat before a long ride?',
] as const;
