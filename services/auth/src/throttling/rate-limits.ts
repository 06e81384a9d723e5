import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { AuthConfig } from '../config/env.schema.js';

/** The calls that guess or flood: each is limited per client IP and per account. */
export const RATE_LIMITED_ACTIONS = ['login', 'admin-login', 'register', 'forgot-password'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];

/** The sign-ins: their account limit counts failed passwords per client, never attempts (see SignInLockout). */
const SIGN_IN_ACTIONS: readonly RateLimitedAction[] = ['login', 'admin-login'];

/**
 * ip: attempts from one client; account: attempts naming one account (registration, forgot-password);
 * pair: failed sign-ins of one client for one account; ceiling: failed sign-ins of one account.
 */
export type RateLimitScope = 'ip' | 'account' | 'pair' | 'ceiling';

/**
 * How failed sign-ins hold back whoever guesses, without letting a stranger lock the rider out: each
 * (account, client) pair has its own count, and past `failuresPerClient` that client alone waits,
 * `firstWaitMs` doubling per further failure up to `maxWaitMs`. The rider's own client, with the
 * right password, still signs in (and a success clears its pair). Only `accountCeiling` failures
 * from all clients together within `ceilingWindowMs` (a distributed guess) make every client wait.
 */
export interface SignInLockout {
  failuresPerClient: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** a pair's failures are forgotten this long after its last failure's wait has ended */
  forgetAfterMs: number;
  accountCeiling: number;
  ceilingWindowMs: number;
}

/** The fixed parts of the sign-in lockout (THROTTLE_<NAME>_PER_ACCOUNT and _WINDOW_SECONDS give the rest). */
export const SIGN_IN_BACKOFF = {
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  accountCeiling: 100,
  ceilingWindowMs: 60 * 60_000,
} as const;

/** The client of a sign-in that names none (a call not forwarded by the gateway): one shared client. */
export const UNKNOWN_CLIENT = 'unknown-client';

export interface RateLimit {
  /** attempts allowed per client IP within the window */
  perIp: number;
  /** attempts allowed per account (email) within the window; none for sign-ins, which use `lockout` */
  perAccount?: number;
  /** sign-ins: failed attempts per (account, client) pair with backoff, and per account */
  lockout?: SignInLockout;
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
      const windowMs = config[keys.window] * 1000;
      const accountField = action === 'admin-login' ? 'username' : 'email';
      const limit: RateLimit = SIGN_IN_ACTIONS.includes(action)
        ? {
            perIp: config[keys.perIp],
            lockout: {
              ...SIGN_IN_BACKOFF,
              failuresPerClient: config[keys.perAccount],
              forgetAfterMs: windowMs,
            },
            windowMs,
            accountField,
          }
        : { perIp: config[keys.perIp], perAccount: config[keys.perAccount], windowMs, accountField };
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

/** A sign-in's (account, client) pair, as one subject for counterKeyOf. */
export const pairSubjectOf = (account: string, client: string | undefined): string =>
  JSON.stringify([account, client ?? UNKNOWN_CLIENT]);

/**
 * How long a client waits after its `failures`-th failed sign-in for one account: nothing before
 * `failuresPerClient`, then `firstWaitMs`, doubling with each further failure, at most `maxWaitMs`.
 */
export const lockoutWaitMs = (
  failures: number,
  policy: Pick<SignInLockout, 'failuresPerClient' | 'firstWaitMs' | 'maxWaitMs'>,
): number => {
  const beyond = failures - policy.failuresPerClient;
  if (beyond < 0) return 0;
  // 2^31 times any wait is past any cap: no need to compute larger powers
  return Math.min(policy.firstWaitMs * 2 ** Math.min(beyond, 31), policy.maxWaitMs);
};

/** The 429 message: how long until another attempt is allowed, in whole minutes. */
export const tooManyAttemptsMessage = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};
