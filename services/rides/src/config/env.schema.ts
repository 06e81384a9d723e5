import {
  baseEnvSchema,
  booleanVar,
  LOCAL_SECRETS,
  portVar,
  secretVar,
  withProductionSecrets,
} from '@domestique/common';
import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/**
 * The token encryption key: 32 bytes, as 64 hex characters or base64. Required in production (see
 * ridesEnvSchema); elsewhere a missing key is derived from INTERNAL_JWT_SECRET so a local system
 * and the tests start without one (see parseTokenKey).
 */
const tokenKeyVar = z
  .string()
  .refine((value) => decodeKey(value) !== null, 'must be 32 bytes as 64 hex characters or base64')
  .optional();

export const decodeKey = (value: string): Buffer | null => {
  const hex = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : null;
  if (hex) return hex;
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const base64 = Buffer.from(value, 'base64');
  return base64.length === 32 ? base64 : null;
};

/** Every variable the rides service reads. */
const variables = baseEnvSchema.extend({
  RIDES_HOST: z.string().default('127.0.0.1'),
  RIDES_PORT: portVar(4102),
  RIDES_WORKER_HEALTH_PORT: portVar(4202),
  /** the address people open (the gateway); Strava redirects back to `${PUBLIC_URL}/api/strava/callback` */
  PUBLIC_URL: z.url().default('http://localhost:3000'),

  /** Strava's API (`https://www.strava.com/api/v3`, or the simulator's) */
  STRAVA_API_URL: z.url().default('http://127.0.0.1:4301/api/v3'),
  /** Strava's OAuth pages and token endpoint (`https://www.strava.com/oauth`, or the simulator's) */
  STRAVA_OAUTH_URL: z.url().default('http://localhost:4301/oauth'),
  STRAVA_CLIENT_ID: z.string().min(1).default('domestique-local'),
  /** the simulator's locally; required in production (see ridesEnvSchema) */
  STRAVA_CLIENT_SECRET: secretVar().min(1),
  /** AES-256-GCM key for the stored Strava tokens */
  STRAVA_TOKEN_KEY: tokenKeyVar,
  /** the verify token of the webhook handshake (`GET /api/strava/webhook`) */
  STRAVA_WEBHOOK_VERIFY_TOKEN: secretVar().min(8, 'must be at least 8 characters'),
  /** create Strava's push subscription (callback `${PUBLIC_URL}/api/strava/webhook`) when a worker starts */
  STRAVA_PUSH_SUBSCRIPTION: booleanVar(false),
  /** on disconnect and on revocation at Strava, also delete the Strava-sourced rides (Strava's API agreement) */
  STRAVA_DELETE_RIDES_ON_REVOKE: booleanVar(false),
  /** how long `POST /api/strava/sync` waits for the import before answering that it continues */
  STRAVA_SYNC_WAIT_MS: z.coerce.number().int().min(0).max(110_000).default(20_000),
  /** incremental syncs also look this far behind the newest imported ride (late uploads) */
  STRAVA_SYNC_LOOKBACK_S: seconds(3 * 24 * 3600),
  /** share of each rate-limit window kept for activity lists: stream fetches stop before it */
  STRAVA_STREAMS_RESERVE: z.coerce.number().min(0).max(0.9).default(0.2),
  /** the limits to assume before Strava's headers tell the real ones: overall and read, per 15 min and per day */
  STRAVA_RATE_LIMIT: z
    .string()
    .regex(/^\d+,\d+$/, 'must be "per15min,perDay"')
    .default('200,2000'),
  STRAVA_READ_RATE_LIMIT: z
    .string()
    .regex(/^\d+,\d+$/, 'must be "per15min,perDay"')
    .default('100,1000'),
  /** length of Strava's short rate-limit window (15 minutes, aligned to the quarter hour) */
  STRAVA_RATE_WINDOW_S: z.coerce.number().int().min(1).max(3600).default(900),
  /** per-request timeout of calls to Strava */
  STRAVA_TIMEOUT_MS: z.coerce.number().int().min(500).default(15_000),
  /** jobs per worker process: athlete syncs, stream fetches */
  STRAVA_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  STRAVA_STREAMS_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** where uploads and archives are spooled while read (empty: the system's temp directory) */
  UPLOAD_TMP_DIR: z.string().default(''),
  /** archive imports per worker process (each holds one activity file in memory at a time) */
  ARCHIVE_IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
});

/** 32 random bytes hold about 30 distinct values; a key with fewer than 16 was typed, not generated. */
const MIN_DISTINCT_KEY_BYTES = 16;

/**
 * The rides service's configuration, validated at boot (see ../../.env.example). Locally the Strava
 * secrets default to the simulator's; production has no default, requires the token key and
 * refuses committed, short or hand-typed values.
 */
export const ridesEnvSchema = withProductionSecrets(variables, {
  STRAVA_CLIENT_SECRET: {
    localDefault: LOCAL_SECRETS.STRAVA_CLIENT_SECRET,
    minLength: 32,
    hint: "your Strava application's client secret",
  },
  STRAVA_TOKEN_KEY: {
    required: true,
    check: (value) =>
      new Set(decodeKey(value) ?? []).size < MIN_DISTINCT_KEY_BYTES ? 'must be random bytes' : undefined,
    hint: '32 bytes: `openssl rand -hex 32`',
  },
  STRAVA_WEBHOOK_VERIFY_TOKEN: {
    localDefault: LOCAL_SECRETS.STRAVA_WEBHOOK_VERIFY_TOKEN,
    minLength: 16,
    hint: '`openssl rand -hex 16`',
  },
});

export type RidesConfig = z.infer<typeof ridesEnvSchema>;
