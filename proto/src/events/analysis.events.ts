import { z } from 'zod';
import { defineEvent, isoDateTime, uuid } from './define.js';

/** Facts published by the analysis service. */
export const AnalysisEvents = {
  'ride.analysed': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, rideId: uuid, analysedAt: isoDateTime }),
    subscribers: ['rides'],
  }),
} as const;
