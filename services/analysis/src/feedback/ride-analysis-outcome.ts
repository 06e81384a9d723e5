/** What one ride-analysis job ended with (its return value); a thrown error is a failed analysis. */
export interface RideAnalysisOutcome {
  /**
   * A rewrite ends `rewritten`, `current` (nothing outdated left to rewrite) or `superseded` (the
   * ride's metrics changed again while it ran; that change's rewrite writes instead).
   */
  outcome:
    'analysed' | 'existing' | 'limit-reached' | 'ride-not-found' | 'rewritten' | 'current' | 'superseded';
}

export const rideAnalysisJobId = (userId: string, rideId: string): string => `analyse-${userId}-${rideId}`;

/** One rewrite per change mark: repeated events for a ride while its rewrite waits share it. */
export const rideRewriteJobId = (userId: string, rideId: string, mark: Date): string =>
  `rewrite-${userId}-${rideId}-${mark.getTime()}`;
