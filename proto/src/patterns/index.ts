import { AuthPatterns } from './auth.patterns.js';
import { BillingPatterns } from './billing.patterns.js';
import { RidesPatterns } from './rides.patterns.js';

export {
  definePattern,
  EmptyRequest,
  PatternEnvelope,
  PatternReply,
  type PatternDefinition,
  type PatternRequest,
  type PatternResponse,
} from './define.js';

/**
 * Every message pattern: a question one service answers now for another (request/response over the
 * Redis transport, validated on both sides). Events are facts for many; jobs are work to retry;
 * patterns are questions that need an answer now.
 */
export const Patterns = { ...RidesPatterns, ...AuthPatterns, ...BillingPatterns } as const;
export type Patterns = typeof Patterns;
export type PatternKey = keyof Patterns;
