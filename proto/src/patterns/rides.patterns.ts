import { z } from 'zod';
import { RideCountsAnswer, RideCountsRequest } from '../dto/admin.dto.js';
import { RideAnalysisContext, RiderCoachContext } from '../dto/analysis.dto.js';
import { definePattern } from './define.js';

const id = z.uuid({ error: 'Not found' });

/** The questions the rides service answers. */
export const RidesPatterns = {
  /** a ride's computed metrics, the rider's thresholds as of then, recent rides, goals (404: not theirs) */
  analysisContextRide: definePattern({
    name: 'rides.analysis-context.ride',
    responder: 'rides',
    callers: ['analysis'],
    request: z.strictObject({ userId: id, rideId: id }),
    response: RideAnalysisContext,
    timeoutMs: 10_000,
  }),
  /** what the coach knows for a chat answer */
  analysisContextRider: definePattern({
    name: 'rides.analysis-context.rider',
    responder: 'rides',
    callers: ['analysis'],
    request: z.strictObject({ userId: id }),
    response: RiderCoachContext,
    timeoutMs: 10_000,
  }),
  /** ride and AI-feedback totals for one batch of users (at most one directory page) */
  adminRideCounts: definePattern({
    name: 'rides.admin-counts.rides',
    responder: 'rides',
    callers: ['admin'],
    request: RideCountsRequest,
    response: RideCountsAnswer,
    timeoutMs: 5_000,
  }),
} as const;
