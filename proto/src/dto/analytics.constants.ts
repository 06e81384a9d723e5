/**
 * Numbers of the trends and lifetime analytics shared by the web and the server, without any
 * runtime dependency (the web imports them through `@domestique/proto/messages`).
 */

/** Spec section 9: the performance trends cover 12 weeks (the current one and the 11 before). */
export const TREND_WEEKS = 12;
/** The improvements compare the last this-many weeks of the window against the first as many. */
export const IMPROVEMENT_BLOCK_WEEKS = 4;
/** Lifetime analytics: the weekly charts show the same 12 weeks. */
export const PROGRESS_WEEKS = 12;
/** The stat cards' trend: the last this-many days against the same number of days before. */
export const STAT_TREND_DAYS = 30;

/** Coggan's seven power zones (of FTP) and five heart-rate zones (of LTHR), as the metrics count them. */
export const POWER_ZONE_NAMES = [
  'Active Recovery',
  'Endurance',
  'Tempo',
  'Threshold',
  'VO2max',
  'Anaerobic',
  'Neuromuscular',
] as const;
export const HEART_RATE_ZONE_NAMES = ['Recovery', 'Aerobic', 'Tempo', 'Threshold', 'VO2max'] as const;
