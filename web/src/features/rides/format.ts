import { GREAT_PERFORMANCE_SCORE, metresPerSecondToMph, performanceScore } from '@domestique/proto/messages';

/** The ride's performance score (spec section 9) from its m/s and watts. */
export const rideScore = (averageSpeed: number, averageWatts: number | null): number =>
  performanceScore(metresPerSecondToMph(averageSpeed), averageWatts ?? 0);

export const isGreatPerformance = (averageSpeed: number, averageWatts: number | null): boolean =>
  rideScore(averageSpeed, averageWatts) >= GREAT_PERFORMANCE_SCORE;
