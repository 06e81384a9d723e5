import type { SessionGrant, Tier } from '@domestique/proto';
import type { RedisClient } from '@domestique/common';
import { createHash, randomBytes } from 'node:crypto';

export type Realm = 'user' | 'admin';

export type SessionRecord = SessionGrant & { createdAt: number };

/** The opaque value in the cookie; Redis keys hold only its hash, so a dump of Redis exposes no live session. */
const hashOf = (sessionId: string): string => createHash('sha256').update(sessionId).digest('base64url');

const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Deletes every session in a user's index and the index itself in one step, so a session created
 * meanwhile is either ended with the others or stays indexed for the next end (never orphaned).
 */
const DESTROY_ALL_SCRIPT = `
local keys = redis.call('SMEMBERS', KEYS[1])
for i = 1, #keys, 500 do
  redis.call('DEL', unpack(keys, i, math.min(i + 499, #keys)))
end
redis.call('DEL', KEYS[1])
return #keys`;

/**
 * Server-side sessions in Redis, so every gateway replica sees the same ones and logout, password
 * reset and user deletion end them at once. Each user's session keys are indexed for bulk ends.
 */
export class SessionStore {
  constructor(
    /** one server, a sentinel-found master or a Cluster (REDIS_PREFIX is then a hash tag: one slot) */
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ttlSeconds: Record<Realm, number>,
  ) {}

  private keyOf(sessionId: string): string {
    return `${this.prefix}:gw:sess:${hashOf(sessionId)}`;
  }

  private userIndexKey(userId: string): string {
    return `${this.prefix}:gw:user-sess:${userId}`;
  }

  async create(grant: SessionGrant): Promise<string> {
    const sessionId = randomBytes(32).toString('base64url');
    const key = this.keyOf(sessionId);
    const realm: Realm = grant.kind;
    const record: SessionRecord = { ...grant, createdAt: Date.now() };
    const pipeline = this.redis.multi().set(key, JSON.stringify(record), 'EX', this.ttlSeconds[realm]);
    if (grant.kind === 'user') {
      pipeline
        .sadd(this.userIndexKey(grant.userId), key)
        .expire(this.userIndexKey(grant.userId), this.ttlSeconds.user);
    }
    await pipeline.exec();
    return sessionId;
  }

  async get(sessionId: string | undefined): Promise<SessionRecord | null> {
    if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return null;
    const raw = await this.redis.get(this.keyOf(sessionId));
    if (!raw) return null;
    try {
      return JSON.parse(raw) as SessionRecord;
    } catch {
      return null;
    }
  }

  async destroy(sessionId: string | undefined): Promise<void> {
    if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return;
    const key = this.keyOf(sessionId);
    const record = await this.get(sessionId);
    const pipeline = this.redis.multi().del(key);
    if (record?.kind === 'user') pipeline.srem(this.userIndexKey(record.userId), key);
    await pipeline.exec();
  }

  /** Ends every session of one user (password reset, deletion), on every replica at once. */
  async destroyAllForUser(userId: string): Promise<number> {
    return (await this.redis.eval(DESTROY_ALL_SCRIPT, 1, this.userIndexKey(userId))) as number;
  }

  /** A tier change reaches every live session of the user: their next request carries it. */
  async setTierForUser(userId: string, tier: Tier): Promise<void> {
    const keys = await this.redis.smembers(this.userIndexKey(userId));
    for (const key of keys) {
      const raw = await this.redis.get(key);
      if (!raw) {
        await this.redis.srem(this.userIndexKey(userId), key);
        continue;
      }
      const record = JSON.parse(raw) as SessionRecord;
      if (record.kind !== 'user') continue;
      // XX: a session ended meanwhile (logout, deletion) is never brought back
      await this.redis.set(key, JSON.stringify({ ...record, tier }), 'KEEPTTL', 'XX');
    }
  }
}
