import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, PRODUCER_REDIS } from '@domestique/common';
import type { Redis } from 'ioredis';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RidesConfig } from '../config/env.schema.js';

/** How long a rider has to approve on Strava's page. */
export const STATE_TTL_SECONDS = 10 * 60;

/**
 * The OAuth `state` of the connect flow: a per-rider, signed, expiring, single-use nonce (never a
 * fixed value), so a callback can only complete a flow this rider started here, once.
 * Format: base64url("<userId>.<expiresAt>.<nonce>") "." base64url(HMAC-SHA256).
 */
@Injectable()
export class StravaOAuthState {
  private readonly key: Buffer;

  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
  ) {
    this.key = Buffer.from(
      hkdfSync('sha256', config.INTERNAL_JWT_SECRET, 'domestique', 'strava-oauth-state', 32),
    );
  }

  private sign(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  private nonceKey(nonce: string): string {
    return `${this.config.REDIS_PREFIX}:strava:oauth-state:${nonce}`;
  }

  async issue(userId: string, now = Date.now()): Promise<string> {
    const nonce = randomBytes(18).toString('base64url');
    const payload = `${userId}.${Math.floor(now / 1000) + STATE_TTL_SECONDS}.${nonce}`;
    await this.redis.set(this.nonceKey(nonce), userId, 'EX', STATE_TTL_SECONDS);
    return `${Buffer.from(payload).toString('base64url')}.${this.sign(payload).toString('base64url')}`;
  }

  /** True when `state` was issued to `userId`, is unexpired and unused; it is used up either way. */
  async consume(state: string | undefined, userId: string, now = Date.now()): Promise<boolean> {
    const [encoded, signature, extra] = (state ?? '').split('.');
    if (!encoded || !signature || extra !== undefined) return false;
    const payload = Buffer.from(encoded, 'base64url').toString('utf8');
    const expected = this.sign(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const [owner, expires, nonce] = payload.split('.');
    if (!owner || !expires || !nonce) return false;
    const stored = await this.redis.getdel(this.nonceKey(nonce));
    return owner === userId && stored === userId && Number(expires) * 1000 >= now;
  }
}
