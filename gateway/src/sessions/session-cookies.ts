import { parse, serialize, type SerializeOptions } from 'cookie';
import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config/env.schema.js';
import type { Realm } from './session-store.js';

export const COOKIE_NAMES: Record<Realm, string> = { user: 'dq_session', admin: 'dq_admin' };

export interface CookiePolicy {
  secure: boolean;
  maxAgeSeconds: Record<Realm, number>;
}

/**
 * The cookie policy of a configuration: Secure when COOKIE_SECURE says so, otherwise in production
 * or whenever the public address is https; lifetimes from the session TTLs.
 */
export const cookiePolicyOf = (
  config: Pick<
    GatewayConfig,
    'NODE_ENV' | 'COOKIE_SECURE' | 'PUBLIC_URL' | 'SESSION_TTL_DAYS' | 'ADMIN_SESSION_TTL_HOURS'
  >,
): CookiePolicy => ({
  secure:
    config.COOKIE_SECURE ??
    (config.NODE_ENV === 'production' || new URL(config.PUBLIC_URL).protocol === 'https:'),
  maxAgeSeconds: { user: config.SESSION_TTL_DAYS * 86400, admin: config.ADMIN_SESSION_TTL_HOURS * 3600 },
});

/** httpOnly, SameSite=Lax, the whole site, Secure per the policy: scripts never see the session. */
export const sessionCookieOptions = (policy: CookiePolicy, maxAgeSeconds: number): SerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: policy.secure,
  path: '/',
  maxAge: maxAgeSeconds,
});

export const readSessionCookie = (req: Request, realm: Realm): string | undefined => {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parse(header)[COOKIE_NAMES[realm]];
};

/** httpOnly, SameSite=Lax, Secure in production: the browser never exposes the session to scripts. */
export const setSessionCookie = (
  res: Response,
  realm: Realm,
  sessionId: string,
  policy: CookiePolicy,
): void => {
  res.append(
    'Set-Cookie',
    serialize(COOKIE_NAMES[realm], sessionId, sessionCookieOptions(policy, policy.maxAgeSeconds[realm])),
  );
};

export const clearSessionCookie = (res: Response, realm: Realm, policy: CookiePolicy): void => {
  res.append('Set-Cookie', serialize(COOKIE_NAMES[realm], '', sessionCookieOptions(policy, 0)));
};
