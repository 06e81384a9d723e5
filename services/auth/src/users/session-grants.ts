import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, signSessionGrant, signSessionsRevoke, type BaseConfig } from '@domestique/common';
import { INTERNAL_HEADERS, type SessionGrant } from '@domestique/proto';
import type { UserEntity } from './user.entity.js';

export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/**
 * The auth service decides who is signed in; the gateway owns the cookie. These headers ask the
 * gateway to start or end a session; it strips them before anything reaches the browser.
 */
@Injectable()
export class SessionGrants {
  constructor(@Inject(CONFIG) private readonly config: BaseConfig) {}

  private async grant(response: HeaderSink, grant: SessionGrant): Promise<void> {
    response.setHeader(
      INTERNAL_HEADERS.sessionGrant,
      await signSessionGrant(grant, this.config.INTERNAL_JWT_SECRET),
    );
  }

  startUserSession(response: HeaderSink, user: UserEntity): Promise<void> {
    return this.grant(response, { kind: 'user', userId: user.id, tier: user.subscriptionTier });
  }

  /** An admin session: its own cookie at the gateway, never a rider's session. */
  startAdminSession(response: HeaderSink, admin: { id: string; username: string }): Promise<void> {
    return this.grant(response, { kind: 'admin', adminId: admin.id, username: admin.username });
  }

  /** Ends every session of the user on every gateway replica (after a password reset). */
  async endEverySession(response: HeaderSink, userId: string): Promise<void> {
    response.setHeader(
      INTERNAL_HEADERS.sessionsRevoke,
      await signSessionsRevoke(userId, this.config.INTERNAL_JWT_SECRET),
    );
  }

  endCurrentSession(response: HeaderSink, realm: 'user' | 'admin' = 'user'): void {
    response.setHeader(INTERNAL_HEADERS.sessionEnd, realm);
  }
}
