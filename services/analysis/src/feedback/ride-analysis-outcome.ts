/** What one ride-analysis job ended with (its return value); a thrown error is a failed analysis. */
export interface RideAnalysisOutcome {
  outcome: 'analysed' | 'existing' | 'limit-reached' | 'ride-not-found';
}

export const rideAnalysisJobId = (userId: string, rideId: string): string => `analyse-${userId}-${rideId}`;
