import type { Tier } from '@domestique/proto';

/** The answer of GET /api/user/monthly-analysis-limit (spec section 3). */
export interface MonthlyAnalysisLimit {
  hasLimit: boolean;
  used: number;
  /** null when the plan has no limit */
  limit: number | null;
  remaining: number | null;
  limitReached: boolean;
}

/** First day of the calendar month of `at`, UTC, as YYYY-MM-DD. */
export const monthOf = (at: Date): string =>
  `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

/** Free riders have a monthly allowance; paid plans are unlimited. */
export const monthlyLimitFor = (tier: Tier, used: number, freeAllowance: number): MonthlyAnalysisLimit => {
  if (tier !== 'free') return { hasLimit: false, used, limit: null, remaining: null, limitReached: false };
  const remaining = Math.max(freeAllowance - used, 0);
  return { hasLimit: true, used, limit: freeAllowance, remaining, limitReached: remaining === 0 };
};
