import { verifySessionGrant, verifySessionsRevoke, type Logger } from '@domestique/common';
import { INTERNAL_HEADERS, type Identity } from '@domestique/proto';
import type { Request, Response } from 'express';
import {
  clearSessionCookie,
  readSessionCookie,
  setSessionCookie,
  type CookiePolicy,
} from './session-cookies.js';
import type { Realm, SessionStore } from './session-store.js';

export interface ResolvedIdentity {
  identity: Identity;
  realm: Realm;
  sessionId: string | undefined;
}

/** Reads a header from a Node/Express header map or a Fetch `Headers`. */
export interface HeaderSource {
  get(name: string): string | null | undefined;
}

/**
 * The gateway's side of the browser session: it turns cookies into the identity the services
 * trust, and carries out the services' session directives (auth: start, end, revoke all; admin: revoke
 * all of a deleted user) before the answer is relayed.
 */
export class Sessions {
  constructor(
    private readonly store: SessionStore,
    private readonly cookies: CookiePolicy,
    private readonly secret: string,
    private readonly logger: Logger,
  ) {}

  async resolve(req: Request, realm: Realm): Promise<ResolvedIdentity> {
    const sessionId = readSessionCookie(req, realm);
    const record = await this.store.get(sessionId);
    if (record?.kind === 'user' && realm === 'user') {
      return { realm, sessionId, identity: { role: 'user', userId: record.userId, tier: record.tier } };
    }
    if (record?.kind === 'admin' && realm === 'admin') {
      return {
        realm,
        sessionId,
        identity: { role: 'admin', adminId: record.adminId, username: record.username },
      };
    }
    if (realm === 'admin') {
      // A rider on an admin path is identified as the rider (so the admin service answers 403, not
      // 401), but the rider's session is not this realm's: no directive of the answer may touch it.
      const rider = await this.store.get(readSessionCookie(req, 'user'));
      if (rider?.kind === 'user') {
        return {
          realm,
          sessionId: undefined,
          identity: { role: 'user', userId: rider.userId, tier: rider.tier },
        };
      }
    }
    return { realm, sessionId: undefined, identity: { role: 'anonymous' } };
  }

  /**
   * Applies what a service asked for in its answer's headers. A grant rotates the session:
   * the old id (if any) is destroyed and a new one issued (no session fixation).
   */
  async applyDirectives(
    headers: HeaderSource,
    req: Request,
    res: Response,
    resolved: ResolvedIdentity,
  ): Promise<void> {
    const grantToken = headers.get(INTERNAL_HEADERS.sessionGrant);
    const end = headers.get(INTERNAL_HEADERS.sessionEnd);
    const revokeToken = headers.get(INTERNAL_HEADERS.sessionsRevoke);
    if (revokeToken) {
      try {
        const userId = await verifySessionsRevoke(revokeToken, this.secret);
        const ended = await this.store.destroyAllForUser(userId);
        this.logger.info({ userId, ended }, 'Ended every session of a user');
      } catch (error) {
        this.logger.error({ err: error }, 'Rejected a sessions-revoke directive');
      }
    }
    if (end === 'user' || end === 'admin') {
      await this.store.destroy(readSessionCookie(req, end));
      clearSessionCookie(res, end, this.cookies);
    }
    if (grantToken) {
      try {
        const grant = await verifySessionGrant(grantToken, this.secret);
        await this.store.destroy(readSessionCookie(req, grant.kind));
        const sessionId = await this.store.create(grant);
        setSessionCookie(res, grant.kind, sessionId, this.cookies);
        resolved.sessionId = sessionId;
      } catch (error) {
        this.logger.error({ err: error }, 'Rejected a session grant');
      }
    }
  }
}

/** The headers that only travel between the services and the gateway, never to a browser. */
export const DIRECTIVE_HEADERS: readonly string[] = [
  INTERNAL_HEADERS.sessionGrant,
  INTERNAL_HEADERS.sessionEnd,
  INTERNAL_HEADERS.sessionsRevoke,
];
