import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisConnectionConfig } from './redis-env.js';

/** A connection in any topology: one server or a sentinel-found master (Redis), or a Cluster. */
export type RedisClient = Redis | Cluster;

/**
 * What a connection is for, which decides how it behaves while Redis is away:
 * - `producer`: producers, health checks, caches, sessions, rate limits: commands fail fast
 *   (callers retry or report unhealthy) instead of queueing without bound;
 * - `worker`: BullMQ workers and queue-event listeners, which block and must retry forever
 *   (BullMQ requires maxRetriesPerRequest null);
 * - `pattern`: the pattern transport's publisher and subscriber, which Nest connects itself (lazy)
 *   and which reconnect for as long as the process lives.
 */
export type RedisRole = 'producer' | 'worker' | 'pattern';

const backoff = (times: number) => Math.min(times * 200, 2000);

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  producer: {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 3000,
    retryStrategy: backoff,
    lazyConnect: false,
  },
  worker: { maxRetriesPerRequest: null, enableReadyCheck: true, retryStrategy: backoff },
  pattern: { lazyConnect: true, retryStrategy: () => 500 },
};

/** The credentials, database and TLS REDIS_URL carries; in sentinel and cluster mode its host is not used. */
const urlOptions = (redisUrl: string): RedisOptions => {
  const url = new URL(redisUrl);
  const db = url.pathname.replace(/^\//, '');
  return {
    ...(url.username && { username: decodeURIComponent(url.username) }),
    ...(url.password && { password: decodeURIComponent(url.password) }),
    ...(db && { db: Number(db) }),
    ...(url.protocol === 'rediss:' && { tls: {} }),
  };
};

/** The options of a sentinel-found master: REDIS_URL's credentials and database, the sentinels' own. */
const sentinelOptions = (config: RedisConnectionConfig): RedisOptions => ({
  ...urlOptions(config.REDIS_URL),
  sentinels: config.REDIS_SENTINELS,
  name: config.REDIS_SENTINEL_NAME,
  ...(config.REDIS_SENTINEL_USERNAME && { sentinelUsername: config.REDIS_SENTINEL_USERNAME }),
  ...(config.REDIS_SENTINEL_PASSWORD && { sentinelPassword: config.REDIS_SENTINEL_PASSWORD }),
  ...(config.REDIS_URL.startsWith('rediss:') && { enableTLSForSentinelMode: true }),
  // after a failover the old master lives on as a replica: the first write it refuses (READONLY)
  // reconnects through the sentinels to the new master and is sent again there. (ioredis's
  // failoverDetector would move sooner, but its sentinel subscriptions outlive a quit() and keep
  // a stopping process alive.)
  reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
});

/**
 * A cluster's options for a role: the node connections take the role's per-command behaviour
 * (BullMQ reads maxRetriesPerRequest from redisOptions), the cluster its queueing and reconnects.
 * A cluster has no databases: REDIS_URL's database number is dropped.
 */
const clusterOptions = (config: RedisConnectionConfig, role: RedisOptions): ClusterOptions => {
  const { retryStrategy, enableOfflineQueue, lazyConnect, enableReadyCheck, ...perNode } = role;
  const { db: _db, ...credentials } = urlOptions(config.REDIS_URL);
  return {
    redisOptions: { ...credentials, ...perNode },
    clusterRetryStrategy: (times) => retryStrategy?.(times) ?? null,
    ...(enableOfflineQueue !== undefined && { enableOfflineQueue }),
    ...(lazyConnect !== undefined && { lazyConnect }),
    ...(enableReadyCheck !== undefined && { enableReadyCheck }),
    // TLS certificates name the host, not the address a node announces (managed clusters)
    ...(credentials.tls && { dnsLookup: (address, callback) => callback(null, address) }),
  };
};

/**
 * The one way a process connects to Redis, in the topology REDIS_MODE names, with the behaviour its
 * role needs. `overrides` adjust one connection (the pattern transport's reconnect rule, a test's
 * short timeout); they apply per node on a cluster.
 */
export const createRedis = (
  config: RedisConnectionConfig,
  role: RedisRole,
  overrides: RedisOptions = {},
): RedisClient => {
  const options = { ...ROLE_OPTIONS[role], ...overrides };
  switch (config.REDIS_MODE ?? 'standalone') {
    case 'standalone':
      return new Redis(config.REDIS_URL, options);
    case 'sentinel':
      return new Redis({ ...sentinelOptions(config), ...options });
    case 'cluster':
      return new Cluster(config.REDIS_CLUSTER_NODES ?? [], clusterOptions(config, options));
  }
};

/**
 * A new connection to the same Redis as `client`, for a blocking reader (BullMQ's queue events):
 * the producer's options with retries forever. BullMQ never closes a connection it was given.
 */
export const duplicateForBlocking = (client: RedisClient): RedisClient =>
  client instanceof Cluster
    ? client.duplicate([], {
        redisOptions: { ...client.options.redisOptions, maxRetriesPerRequest: null },
      })
    : client.duplicate({ maxRetriesPerRequest: null });
