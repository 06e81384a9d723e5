import { baseEnvSchema, portVar } from '@domestique/common';
import { z } from 'zod';

/** Every variable the auth service reads, validated at boot (see ../../.env.example). */
export const authEnvSchema = baseEnvSchema.extend({
  AUTH_HOST: z.string().default('127.0.0.1'),
  AUTH_PORT: portVar(4101),
  AUTH_WORKER_HEALTH_PORT: portVar(4201),
  /** argon2id cost: memory in KiB and iterations (OWASP minimum: 19 MiB, 2) */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),
});

export type AuthConfig = z.infer<typeof authEnvSchema>;
