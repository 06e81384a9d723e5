import { ClientRedis, ServerRedis, type RedisOptions } from '@nestjs/microservices';
import type { Redis } from 'ioredis';

type TransportOptions = Required<RedisOptions>['options'];

/**
 * The Redis connection of the pattern transport, from the shared configuration's REDIS_URL (host,
 * port, user, password, database, TLS). It reconnects for as long as the process lives, so a Redis
 * restart costs the calls made while it is away (each answered 503 by the caller) and nothing more.
 */
export const redisTransportOptions = (redisUrl: string): TransportOptions => {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\//, '');
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    ...(url.username && { username: decodeURIComponent(url.username) }),
    ...(url.password && { password: decodeURIComponent(url.password) }),
    ...(db && { db: Number(db) }),
    ...(url.protocol === 'rediss:' && { tls: {} }),
    retryAttempts: Number.MAX_SAFE_INTEGER,
    retryDelay: 500,
  };
};

/**
 * A pattern's channel: Redis pub/sub channels are not keys, so REDIS_PREFIX (the deployment's
 * namespace) is put in front of the name here; two deployments on one Redis never answer each other.
 */
export const patternChannel = (prefix: string, pattern: string): string => `${prefix}:pattern:${pattern}`;

export interface PatternTransportOptions {
  redisUrl: string;
  /** REDIS_PREFIX */
  prefix: string;
}

/** The responder side: @nestjs/microservices' Redis server, listening on the prefixed channels. */
export class PatternServer extends ServerRedis {
  private readonly channelPrefix: string;

  constructor({ redisUrl, prefix }: PatternTransportOptions) {
    super(redisTransportOptions(redisUrl));
    this.channelPrefix = patternChannel(prefix, '');
  }

  override getRequestPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}`;
  }

  /**
   * Starts without waiting for Redis: Nest's start fails for good when Redis is away at boot (its
   * first connect rejects and nothing subscribes later). Here the process comes up (its /health and
   * /readyz say Redis is down), the clients keep reconnecting, and the channels are subscribed once
   * both are ready; ioredis subscribes them again after any later reconnect.
   */
  override start(callback?: () => void): void {
    const ready = (client: Redis) =>
      client.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => client.once('ready', () => resolve()));
    const [sub, pub] = [this.subClient, this.pubClient];
    // a failed first attempt is retried by the clients' retry strategy (redisTransportOptions)
    for (const client of [sub, pub]) client.connect().catch(() => undefined);
    void Promise.all([ready(sub), ready(pub)]).then(() => this.bindEvents(sub, pub));
    callback?.();
  }

  /** Incoming messages name their channel; the handlers are registered under the bare pattern. */
  override getHandlerByPattern(channel: string): ReturnType<ServerRedis['getHandlerByPattern']> {
    return channel.startsWith(this.channelPrefix)
      ? super.getHandlerByPattern(channel.slice(this.channelPrefix.length))
      : null;
  }
}

/** The caller side: @nestjs/microservices' Redis client, on the same prefixed channels. */
export class PatternClientTransport extends ClientRedis {
  private readonly channelPrefix: string;

  constructor({ redisUrl, prefix }: PatternTransportOptions) {
    super(redisTransportOptions(redisUrl));
    this.channelPrefix = patternChannel(prefix, '');
  }

  override getRequestPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}`;
  }

  override getReplyPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}.reply`;
  }
}
