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
      source: z.enum(['strava', 'demo', 'upload']),
    }),
    /** rides: goal progress */
    subscribers: ['rides'],
  }),
  /**
   * A ride's FTP-dependent metrics (IF, TSS, zones, workout) were recomputed and changed: the rider
   * set a threshold, or older streams arriving changed the estimate as of the ride's date. The
   * analysis service marks feedback written on the old values outdated and rewrites it (free).
   */
  'ride.metrics-changed': defineEvent({
    version: 1,
    schema: z.object({
      userId: uuid,
      rideId: uuid,
      reason: z.enum(['settings', 'estimate', 'streams']),
    }),
    subscribers: ['analysis', 'rides'],
  }),
  'ride.deleted': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, rideId: uuid }),
    /** rides: goal progress */
    subscribers: ['rides'],
  }),
} as const;
