import { ClientRedis, ServerRedis, type RedisOptions } from '@nestjs/microservices';
import type { Redis } from 'ioredis';
import { createRedis } from '../redis/redis-connection.js';
import type { RedisConnectionConfig } from '../redis/redis-env.js';

type TransportOptions = Required<RedisOptions>['options'];

/**
 * Nest's own reconnect rule for the pattern transport: retry every 500 ms for as long as the process
 * lives, so a Redis restart costs the calls made while it is away (each answered 503 by the caller)
 * and nothing more. The connections themselves come from createRedis (see patternConnection).
 */
const RECONNECT_FOREVER: TransportOptions = { retryAttempts: Number.MAX_SAFE_INTEGER, retryDelay: 500 };

/**
 * A pattern's channel: Redis pub/sub channels are not keys, so REDIS_PREFIX (the deployment's
 * namespace) is put in front of the name here; two deployments on one Redis never answer each other.
 */
export const patternChannel = (prefix: string, pattern: string): string => `${prefix}:pattern:${pattern}`;

/**
 * Where the transport connects: the process's Redis configuration (any REDIS_MODE), or a bare
 * REDIS_URL (test kits: one standalone server).
 */
export type PatternTransportOptions = {
  /** REDIS_PREFIX */
  prefix: string;
} & ({ redis: RedisConnectionConfig } | { redisUrl: string });

const connectionOf = (options: PatternTransportOptions): RedisConnectionConfig =>
  'redis' in options ? options.redis : { REDIS_URL: options.redisUrl };

/**
 * One of the transport's two connections (publisher, subscriber), made by createRedis in the
 * configured topology instead of Nest's `new Redis(options)`, which knows no Cluster. Pub/sub works in
 * each: a sentinel-found master is followed across failovers (ioredis subscribes again), and on a
 * Cluster a PUBLISH on any node reaches subscribers on every node. Nest types its clients as Redis;
 * a Cluster offers everything the transport calls (connect, publish, subscribe, on, quit, status).
 */
const patternConnection = (
  config: RedisConnectionConfig,
  retryStrategy: (times: number) => number | undefined | void,
): Redis =>
  createRedis(config, 'pattern', {
    retryStrategy: (times) => retryStrategy(times) ?? null,
  }) as Redis;

/** How long a replica's claim on a request lives: longer than any pattern's timeout. */
const CLAIM_TTL_MS = 60_000;

const whenReady = (client: Redis): Promise<void> =>
  client.status === 'ready'
    ? Promise.resolve()
    : new Promise<void>((resolve) => client.once('ready', () => resolve()));

/** The responder side: @nestjs/microservices' Redis server, listening on the prefixed channels. */
export class PatternServer extends ServerRedis {
  private readonly channelPrefix: string;

  private readonly connection: RedisConnectionConfig;

  /** REDIS_PREFIX: the claim keys' namespace */
  private readonly keyPrefix: string;

  constructor(options: PatternTransportOptions) {
    super(RECONNECT_FOREVER);
    this.connection = connectionOf(options);
    this.channelPrefix = patternChannel(options.prefix, '');
    this.keyPrefix = options.prefix;
  }

  override createRedisClient(): Promise<Redis> {
    return Promise.resolve(patternConnection(this.connection, (times) => this.createRetryStrategy(times)));
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

  /**
   * Subscribes as Nest does, but a subscription cut short by a closing connection is no error, and a
   * question is answered by one replica only: pub/sub hands every message to every subscriber, so
   * each replica first claims the request's id in Redis and only the one that wins answers.
   */
  override bindEvents(subClient: Redis, pubClient: Redis): void {
    subClient.on('message', (channel: string, buffer: string) => {
      this.claim(buffer, pubClient)
        .then((mine) => (mine ? this.handleMessage(channel, buffer, pubClient, channel) : undefined))
        .catch((error: unknown) => this.handleError(String(error)));
    });
    for (const pattern of this.messageHandlers.keys())
      subClient.subscribe(this.getRequestPattern(pattern)).catch(() => undefined);
  }

  /**
   * Whether this replica answers the request: the first to set its claim key (kept a minute, longer
   * than any pattern's timeout). A message without an id expects no answer and is handled; when the
   * claim cannot be written (Redis failing between the message and the claim) the request is
   * answered anyway: an answer twice beats none, and the patterns' writes are idempotent.
   */
  private async claim(buffer: string, pubClient: Redis): Promise<boolean> {
    let id: unknown;
    try {
      ({ id } = JSON.parse(buffer) as { id?: unknown });
    } catch {
      return true;
    }
    if (typeof id !== 'string' || !id) return true;
    const key = `${this.keyPrefix}:pattern-claim:${id}`;
    return pubClient
      .set(key, '1', 'PX', CLAIM_TTL_MS, 'NX')
      .then((answer) => answer === 'OK')
      .catch(() => true);
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

  private readonly connection: RedisConnectionConfig;

  constructor(options: PatternTransportOptions) {
    super(RECONNECT_FOREVER);
    this.connection = connectionOf(options);
    this.channelPrefix = patternChannel(options.prefix, '');
  }

  override createClient(): Promise<Redis> {
    return Promise.resolve(patternConnection(this.connection, (times) => this.createRetryStrategy(times)));
  }

  override getRequestPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}`;
  }

  override getReplyPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}.reply`;
  }
}
