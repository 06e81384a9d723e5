import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import type { Realm } from './session-store.js';

export const COOKIE_NAMES: Record<Realm, string> = { user: 'dq_session', admin: 'dq_admin' };

export interface CookiePolicy {
  secure: boolean;
  maxAgeSeconds: Record<Realm, number>;
}

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
    serialize(COOKIE_NAMES[realm], sessionId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: policy.secure,
      path: '/',
      maxAge: policy.maxAgeSeconds[realm],
    }),
  );
};

export const clearSessionCookie = (res: Response, realm: Realm, policy: CookiePolicy): void => {
  res.append(
    'Set-Cookie',
    serialize(COOKIE_NAMES[realm], '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: policy.secure,
      path: '/',
      maxAge: 0,
    }),
  );
};
