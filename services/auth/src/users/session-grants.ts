import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, signSessionGrant, type BaseConfig } from '@domestique/common';
import { INTERNAL_HEADERS } from '@domestique/proto';
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

  async startUserSession(response: HeaderSink, user: UserEntity): Promise<void> {
    const grant = await signSessionGrant(
      { kind: 'user', userId: user.id, tier: user.subscriptionTier },
      this.config.INTERNAL_JWT_SECRET,
    );
    response.setHeader(INTERNAL_HEADERS.sessionGrant, grant);
  }

  endCurrentSession(response: HeaderSink, realm: 'user' | 'admin' = 'user'): void {
    response.setHeader(INTERNAL_HEADERS.sessionEnd, realm);
  }
}
