import { z } from 'zod';
import { defineEvent, isoDateTime, uuid } from './define.js';

/** Facts published by the auth service. */
export const AuthEvents = {
  'user.registered': defineEvent({
    version: 1,
    schema: z.object({
      userId: uuid,
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      registeredAt: isoDateTime,
    }),
    subscribers: ['analysis', 'billing'],
  }),
  'user.profile-updated': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, firstName: z.string(), lastName: z.string() }),
    subscribers: [],
  }),
} as const;
