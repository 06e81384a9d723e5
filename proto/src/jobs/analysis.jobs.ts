import { z } from 'zod';
import { RideAnalysisContext } from '../dto/analysis.dto.js';
import { TIERS } from '../identity.js';
import { defineJob, uuid } from './define.js';

/** Frozen queue names of the analysis service. Renaming one strands queued work. */
export const ANALYSIS_QUEUES = {
  rideAnalysis: 'ride-analysis',
} as const;

/** Work the analysis service gives its own worker. */
export const AnalysisJobs = {
  'ride-analysis.analyse': defineJob({
    queue: ANALYSIS_QUEUES.rideAnalysis,
    version: 1,
    schema: z.object({
      userId: uuid,
      rideId: uuid,
      tier: z.enum(TIERS),
      /**
       * The ride's facts as the API read them when it checked the ride is the rider's (so the worker
       * need not read them again); a job without them reads them from the rides service.
       */
      context: RideAnalysisContext.optional(),
      correlationId: z.string().optional(),
      /** a rewrite of outdated feedback (ride.metrics-changed): spends no analysis of the quota */
      regenerate: z.boolean().optional(),
      /** set once the analysis asked the rides service for the ride's pending streams (it waits for them) */
      streamsWanted: z.boolean().optional(),
    }),
  }),
} as const;
