import { InternalClient } from '@domestique/common';
import type { AdminConfig } from '../config/env.schema.js';

/** A signed `system` client of one service's API, as the admin service calls it. */
export const upstreamClient = (config: AdminConfig, baseUrl: string): InternalClient =>
  new InternalClient({
    caller: 'admin',
    baseUrl,
    secret: config.INTERNAL_JWT_SECRET,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });
