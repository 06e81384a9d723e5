import { z } from 'zod';
import { defineEvent, isoDateTime, uuid } from './define.js';

/** Facts published by the rides service. */
export const RidesEvents = {
  'strava.connected': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, athleteId: z.string() }),
    subscribers: ['auth'],
  }),
  'strava.disconnected': defineEvent({
    version: 1,
    schema: z.object({
      userId: uuid,
      athleteId: z.string(),
      reason: z.enum(['user', 'deauthorized', 'user-deleted']),
    }),
    subscribers: ['auth'],
  }),
  'ride.imported': defineEvent({
    version: 1,
    schema: z.object({
      userId: uuid,
      rideId: uuid,
      startDate: isoDateTime,
      source: z.enum(['strava', 'demo']),
    }),
    /** rides: goal progress */
    subscribers: ['rides'],
  }),
  'ride.deleted': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, rideId: uuid }),
    /** rides: goal progress */
    subscribers: ['rides'],
  }),
} as const;
