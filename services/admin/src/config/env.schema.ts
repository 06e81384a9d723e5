import { baseEnvSchema, DEFAULT_SERVICE_URLS, portVar, withProductionSecrets } from '@domestique/common';
import { z } from 'zod';

const serviceUrl = (fallback: string) => z.url().default(fallback);

/** Every variable the admin service reads. */
const variables = baseEnvSchema.extend({
  ADMIN_HOST: z.string().default('127.0.0.1'),
  ADMIN_PORT: portVar(4105),
  ADMIN_WORKER_HEALTH_PORT: portVar(4205),
  /** the APIs of the services the admin views read and act through */
  AUTH_URL: serviceUrl(DEFAULT_SERVICE_URLS.auth),
  RIDES_URL: serviceUrl(DEFAULT_SERVICE_URLS.rides),
  BILLING_URL: serviceUrl(DEFAULT_SERVICE_URLS.billing),
  /** how long a call to another service may take */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

/** The admin service's configuration, validated at boot (see ../../.env.example). */
export const adminEnvSchema = withProductionSecrets(variables);

export type AdminConfig = z.infer<typeof adminEnvSchema>;
