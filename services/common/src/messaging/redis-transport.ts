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

const whenReady = (client: Redis): Promise<void> =>
  client.status === 'ready'
    ? Promise.resolve()
    : new Promise<void>((resolve) => client.once('ready', () => resolve()));

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
   * Starts as Nest does when Redis answers (both clients connected, channels subscribed, then the
   * boot goes on). When Redis is away at boot, Nest's start fails for good (nothing subscribes later);
   * here the process comes up instead (its /health and /readyz say Redis is down), the clients keep
   * reconnecting, and the channels are subscribed once both are ready. ioredis subscribes them again
   * after any later reconnect.
   */
  override start(callback?: () => void): void {
    const [sub, pub] = [this.subClient, this.pubClient];
    void Promise.all([sub.connect(), pub.connect()]).then(
      () => {
        this.bindEvents(sub, pub);
        callback?.();
      },
      () => {
        callback?.();
        void Promise.all([whenReady(sub), whenReady(pub)]).then(() => {
          if (!this.isManuallyClosed) this.bindEvents(sub, pub);
        });
      },
    );
  }

  /** Subscribes as Nest does, but a subscription cut short by a closing connection is no error. */
  override bindEvents(subClient: Redis, pubClient: Redis): void {
    subClient.on('message', (channel: string, buffer: string) => {
      this.handleMessage(channel, buffer, pubClient, channel).catch((error: unknown) =>
        this.handleError(String(error)),
      );
    });
    for (const pattern of this.messageHandlers.keys())
      subClient.subscribe(this.getRequestPattern(pattern)).catch(() => undefined);
  }

  /** A client still (re)connecting is disconnected rather than asked to quit (which would reject). */
  override async close(): Promise<void> {
    this.isManuallyClosed = true;
    const stop = async (client: Redis | undefined) => {
      if (client?.status === 'ready') await client.quit().catch(() => undefined);
      else client?.disconnect();
    };
    await Promise.all([stop(this.pubClient), stop(this.subClient)]);
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
