import { baseEnvSchema, booleanVar, portVar, withProductionSecrets } from '@domestique/common';
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);
const windowSeconds = (fallback: number) => z.coerce.number().int().min(1).max(86_400).default(fallback);

/** Every variable the auth service reads. */
const variables = baseEnvSchema
  .extend({
    AUTH_HOST: z.string().default('127.0.0.1'),
    AUTH_PORT: portVar(4101),
    AUTH_WORKER_HEALTH_PORT: portVar(4201),
    /** argon2id cost: memory in KiB and iterations (OWASP minimum: 19 MiB, 2) */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
    ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),

    /** the address people open; password reset links point at it */
    PUBLIC_URL: z.url().default('http://localhost:3000'),

    /** outgoing mail (password reset); in development the maildev catcher of `npm run up` */
    SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_PORT: portVar(1025),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it */
    SMTP_SECURE: booleanVar(false),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    MAIL_FROM: z.string().min(3).default('Domestique <no-reply@domestique.app>'),

    /** the admin account, seeded on start; without a username there is no admin */
    ADMIN_USERNAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._@-]{3,64}$/, '3 to 64 letters, digits, . _ @ or -')
      .optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(1000).optional(),
    /** an argon2id hash instead of ADMIN_PASSWORD, so the password itself never sits in config */
    ADMIN_PASSWORD_HASH: z
      .string()
      .regex(
        /^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/,
        'must be an argon2id hash',
      )
      .optional(),

    /**
     * abuse protection: attempts per window per client IP; for sign-in, *_PER_ACCOUNT counts failures
     * per (account, client) before that client backs off (30 s doubling to 15 min; 100 failures per
     * account per hour from all clients stop every client: see throttling/rate-limits.ts)
     */
    THROTTLE_LOGIN_PER_IP: count(30),
    THROTTLE_LOGIN_PER_ACCOUNT: count(10),
    THROTTLE_LOGIN_WINDOW_SECONDS: windowSeconds(900),
    THROTTLE_ADMIN_LOGIN_PER_IP: count(10),
    THROTTLE_ADMIN_LOGIN_PER_ACCOUNT: count(5),
    THROTTLE_ADMIN_LOGIN_WINDOW_SECONDS: windowSeconds(900),
    THROTTLE_REGISTER_PER_IP: count(10),
    THROTTLE_REGISTER_PER_ACCOUNT: count(5),
    THROTTLE_REGISTER_WINDOW_SECONDS: windowSeconds(3600),
    THROTTLE_FORGOT_PASSWORD_PER_IP: count(10),
    THROTTLE_FORGOT_PASSWORD_PER_ACCOUNT: count(3),
    THROTTLE_FORGOT_PASSWORD_WINDOW_SECONDS: windowSeconds(3600),
  })
  .superRefine((config, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (config.ADMIN_USERNAME && !config.ADMIN_PASSWORD && !config.ADMIN_PASSWORD_HASH) {
      problem('ADMIN_PASSWORD', 'set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH for ADMIN_USERNAME');
    }
    if (config.ADMIN_PASSWORD && config.ADMIN_PASSWORD_HASH) {
      problem('ADMIN_PASSWORD_HASH', 'set either ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, not both');
    }
    if ((config.ADMIN_PASSWORD || config.ADMIN_PASSWORD_HASH) && !config.ADMIN_USERNAME) {
      problem('ADMIN_USERNAME', 'is required when an admin password is set');
    }
    if (Boolean(config.SMTP_USER) !== Boolean(config.SMTP_PASSWORD)) {
      problem('SMTP_PASSWORD', 'set SMTP_USER and SMTP_PASSWORD together');
    }
  });

/**
 * The auth service's configuration, validated at boot (see ../../.env.example). ADMIN_PASSWORD
 * stays optional (ADMIN_PASSWORD_HASH instead, or no admin); production refuses a short or
 * committed one.
 */
export const authEnvSchema = withProductionSecrets(variables, {
  ADMIN_PASSWORD: { minLength: 12, hint: '`openssl rand -hex 16`, or set ADMIN_PASSWORD_HASH' },
});

export type AuthConfig = z.infer<typeof authEnvSchema>;
