import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { AuthConfig } from '../config/env.schema.js';

/** The calls that guess or flood: each is limited per client IP and per account. */
export const RATE_LIMITED_ACTIONS = ['login', 'admin-login', 'register', 'forgot-password'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];

export type RateLimitScope = 'ip' | 'account';

export interface RateLimit {
  /** attempts allowed per client IP within the window */
  perIp: number;
  /** attempts allowed per account (email or admin username) within the window */
  perAccount: number;
  windowMs: number;
  /** the request field that names the account */
  accountField: 'email' | 'username';
}

export type RateLimits = Record<RateLimitedAction, RateLimit>;

/** The THROTTLE_<NAME>_* variables of each action. */
const ENV_NAME = {
  login: 'LOGIN',
  'admin-login': 'ADMIN_LOGIN',
  register: 'REGISTER',
  'forgot-password': 'FORGOT_PASSWORD',
} as const satisfies Record<RateLimitedAction, string>;

export const rateLimitEnvKeys = (action: RateLimitedAction) => {
  const name = ENV_NAME[action];
  return {
    perIp: `THROTTLE_${name}_PER_IP`,
    perAccount: `THROTTLE_${name}_PER_ACCOUNT`,
    window: `THROTTLE_${name}_WINDOW_SECONDS`,
  } as const;
};

/** The limits of the configuration (THROTTLE_* variables). */
export const rateLimitsFrom = (config: AuthConfig): RateLimits =>
  Object.fromEntries(
    RATE_LIMITED_ACTIONS.map((action) => {
      const keys = rateLimitEnvKeys(action);
      const limit: RateLimit = {
        perIp: config[keys.perIp],
        perAccount: config[keys.perAccount],
        windowMs: config[keys.window] * 1000,
        accountField: action === 'admin-login' ? 'username' : 'email',
      };
      return [action, limit];
    }),
  ) as RateLimits;

const expandIPv6 = (ip: string): string[] => {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = ip.includes('::') ? [...left, ...Array<string>(missing).fill('0'), ...right] : left;
  return groups.map((group) => group.toLowerCase().padStart(4, '0'));
};

/**
 * The client a limit counts: an IPv4 address as is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its /64 network, since one host usually holds a whole /64.
 */
export const clientKeyOf = (ip: string | undefined): string | undefined => {
  if (!ip) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip) && !ip.includes('.')) return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
};

/** The account a request names, as the services store it (trimmed, lower-cased); none if absent. */
export const accountKeyOf = (payload: unknown, field: RateLimit['accountField']): string | undefined => {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value = (payload as Record<string, unknown>)[field];
  if (typeof value !== 'string') return undefined;
  const normalised = value.trim().toLowerCase();
  return normalised.length > 0 && normalised.length <= 320 ? normalised : undefined;
};

/** A counter's key: Redis never holds an email or an address in clear. */
export const counterKeyOf = (action: RateLimitedAction, scope: RateLimitScope, subject: string): string =>
  createHash('sha256').update(`${action}\u0000${scope}\u0000${subject}`).digest('base64url');

/** The 429 message: how long until another attempt is allowed, in whole minutes. */
export const tooManyAttemptsMessage = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};
