import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, signSessionsRevoke } from '@domestique/common';
import { INTERNAL_HEADERS } from '@domestique/proto';
import type { AdminConfig } from '../config/env.schema.js';

export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/**
 * Asks the gateway, in the answer itself, to end every session of a deleted user: the gateway
 * carries the directive out in the shared session store before it relays the answer (and strips
 * the header), so the rider's very next request is signed out. The gateway's `user.deleted`
 * handler stays as the backstop.
 */
@Injectable()
export class SessionRevocation {
  constructor(@Inject(CONFIG) private readonly config: AdminConfig) {}

  async endEverySession(response: HeaderSink, userId: string): Promise<void> {
    response.setHeader(
      INTERNAL_HEADERS.sessionsRevoke,
      await signSessionsRevoke(userId, this.config.INTERNAL_JWT_SECRET),
    );
  }
}
