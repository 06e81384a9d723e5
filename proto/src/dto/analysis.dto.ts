/** The AI coach's feedback on one ride (spec section 3). */
export interface AiFeedbackDto {
  summary: string;
  strengths: string;
  weaknesses: string;
  recommendations: string;
  fullAnalysis: string;
}

/** GET /api/user/monthly-analysis-limit (spec section 3). `limit` and `remaining` are null without a limit. */
export interface MonthlyAnalysisLimitDto {
  hasLimit: boolean;
  used: number;
  limit: number | null;
  remaining: number | null;
  limitReached: boolean;
}
