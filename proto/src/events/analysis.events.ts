import { z } from 'zod';
import { defineEvent, isoDateTime, uuid } from './define.js';

/** Facts published by the analysis service. */
export const AnalysisEvents = {
  'ride.analysed': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, rideId: uuid, analysedAt: isoDateTime }),
    subscribers: ['rides'],
  }),
  /** an analysis waits for the ride's streams: the rides service fetches them ahead of every other */
  'ride.streams-wanted': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, rideId: uuid }),
    subscribers: ['rides'],
  }),
} as const;
