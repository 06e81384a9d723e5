import { signIdentity } from '@domestique/common';
import type { Identity } from '@domestique/proto';

const TTL_SECONDS = 60;
const REUSE_FOR_MS = 30_000;
const MAX_ENTRIES = 20_000;

/**
 * Signs the short-lived internal identity forwarded to the services. A token is reused for half its
 * life for the same identity, which keeps HMAC work off the hot path without extending any token.
 */
export class IdentityTokens {
  private readonly cache = new Map<string, { token: string; signedAt: number }>();

  constructor(private readonly secret: string) {}

  async tokenFor(identity: Identity): Promise<string> {
    const key = JSON.stringify(identity);
    const cached = this.cache.get(key);
    const now = Date.now();
    if (cached && now - cached.signedAt < REUSE_FOR_MS) return cached.token;
    const token = await signIdentity(identity, this.secret, TTL_SECONDS);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, { token, signedAt: now });
    return token;
  }
}
