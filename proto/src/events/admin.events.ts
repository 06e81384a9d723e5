import { z } from 'zod';
import { SERVICE_NAMES } from '../services.js';
import { defineEvent, uuid } from './define.js';

/** Facts published by the admin service, and the purge acknowledgements it collects. */
export const AdminEvents = {
  /** A permanent deletion: every service purges what it holds of this user. */
  'user.deleted': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, requestedBy: z.string() }),
    subscribers: ['auth', 'rides', 'analysis', 'billing', 'gateway'],
  }),
  /** A service finished purging one deleted user (published by each purging service). */
  'user.purged': defineEvent({
    version: 1,
    schema: z.object({ userId: uuid, service: z.enum(SERVICE_NAMES) }),
    subscribers: ['admin'],
  }),
} as const;
