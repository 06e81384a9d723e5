import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a scrape may read `/metrics`: with a METRICS_TOKEN configured, only a request carrying
 * `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const bearerMatches = (authorization: string | undefined, token: string): boolean => {
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `open`: internal ports (services, workers) without a token configured answer anyone who can reach
 * them; `token`: only the bearer; `closed`: not served (the gateway without a token: 404).
 */
export type MetricsAccess = 'open' | 'closed' | { token: string };

export const metricsAllowed = (access: MetricsAccess, authorization: string | undefined): boolean =>
  access === 'open' ? true : access === 'closed' ? false : bearerMatches(authorization, access.token);
