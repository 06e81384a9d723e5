import { baseEnvSchema, booleanVar, portVar, withProductionSecrets } from '@domestique/common';
import { UPLOAD_MAX_REQUEST_BYTES } from '@domestique/proto';
import { mapTileOriginsVar } from '../security/map-tile-origins.js';
import { z } from 'zod';

const serviceUrl = (fallback: string) => z.url().default(fallback);

/** Every variable the gateway reads. */
const variables = baseEnvSchema.omit({ DATABASE_URL: true }).extend({
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  GATEWAY_PORT: portVar(3000),
  /** the address people use; its origin is the one allowed to make state-changing calls */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** more origins allowed to make state-changing calls (comma-separated), e.g. a Vite dev server */
  EXTRA_ALLOWED_ORIGINS: z.string().default(''),
  AUTH_URL: serviceUrl('http://127.0.0.1:4101'),
  RIDES_URL: serviceUrl('http://127.0.0.1:4102'),
  ANALYSIS_URL: serviceUrl('http://127.0.0.1:4103'),
  BILLING_URL: serviceUrl('http://127.0.0.1:4104'),
  ADMIN_URL: serviceUrl('http://127.0.0.1:4105'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /**
   * Secure cookies; unset = on in production or behind an https PUBLIC_URL. (Not
   * `booleanVar(false).optional()`: its default would turn an unset variable into false.)
   */
  COOKIE_SECURE: z.undefined().or(booleanVar(false)),
  /** the built web app to serve (with SPA fallback); empty = API only */
  WEB_DIST: z.string().default(''),
  /** how long a proxied REST call may take before 504 */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120000),
  /** how often the gateway re-reads the subgraphs' schemas */
  SUPERGRAPH_POLL_MS: z.coerce.number().int().min(0).default(15000),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** the largest body of `POST /api/rides/upload` (files or an archive; the rides service checks each file) */
  /** origins the ride map's tile style loads from (https origins, comma-separated); empty = none */
  MAP_TILE_ORIGINS: mapTileOriginsVar,
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(UPLOAD_MAX_REQUEST_BYTES),
});

/** The gateway's configuration, validated at boot (see ../.env.example). */
export const gatewayEnvSchema = withProductionSecrets(variables);

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
