import { baseEnvSchema, portVar, withProductionSecrets } from '@domestique/common';
import { z } from 'zod';

/** Every variable the admin service reads. */
const variables = baseEnvSchema.extend({
  ADMIN_HOST: z.string().default('127.0.0.1'),
  ADMIN_PORT: portVar(4105),
  ADMIN_WORKER_HEALTH_PORT: portVar(4205),
});

/** The admin service's configuration, validated at boot (see ../../.env.example). */
export const adminEnvSchema = withProductionSecrets(variables);

export type AdminConfig = z.infer<typeof adminEnvSchema>;
