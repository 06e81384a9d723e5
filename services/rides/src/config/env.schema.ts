import { baseEnvSchema, portVar } from '@domestique/common';
import { z } from 'zod';

/** Every variable the rides service reads, validated at boot (see ../../.env.example). */
export const ridesEnvSchema = baseEnvSchema.extend({
  RIDES_HOST: z.string().default('127.0.0.1'),
  RIDES_PORT: portVar(4102),
  RIDES_WORKER_HEALTH_PORT: portVar(4202),
});

export type RidesConfig = z.infer<typeof ridesEnvSchema>;
