import { afterAll, describe, expect, it } from '@jest/globals';
import { Cluster, Redis } from 'ioredis';
import { createRedis, duplicateForBlocking, type RedisClient } from '../redis-connection.js';
import type { RedisConnectionConfig } from '../redis-env.js';

/** Connections are made lazily here, so nothing is dialled: only their options are read. */
const lazy = { lazyConnect: true };
const made: RedisClient[] = [];
const make = (config: RedisConnectionConfig, role: Parameters<typeof createRedis>[1]) => {
  const client = createRedis(config, role, lazy);
  made.push(client);
  return client;
};

const sentinel: RedisConnectionConfig = {
  REDIS_URL: 'rediss://app:p%40ss@ignored:6379/2',
  REDIS_MODE: 'sentinel',
  REDIS_SENTINELS: [{ host: 's1', port: 26379 }],
  REDIS_SENTINEL_NAME: 'mymaster',
  REDIS_SENTINEL_PASSWORD: 'sentinel-pass',
};

const cluster: RedisConnectionConfig = {
  REDIS_URL: 'redis://:node-pass@ignored:6379/3',
  REDIS_MODE: 'cluster',
  REDIS_CLUSTER_NODES: [
    { host: 'r0', port: 7000 },
    { host: 'r1', port: 7001 },
  ],
};

afterAll(() => made.forEach((client) => client.disconnect()));

describe('createRedis', () => {
  it('connects to REDIS_URL in standalone mode (also when no mode is given), with the role behaviour', () => {
    const producer = make({ REDIS_URL: 'redis://:pw@cache:6390/1' }, 'producer') as Redis;
    expect(producer).toBeInstanceOf(Redis);
    expect(producer.options).toMatchObject({
      host: 'cache',
      port: 6390,
      password: 'pw',
      db: 1,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    const worker = make({ REDIS_URL: 'redis://cache:6390', REDIS_MODE: 'standalone' }, 'worker') as Redis;
    expect(worker.options.maxRetriesPerRequest).toBeNull();
  });

  it('finds the master through the sentinels, with REDIS_URL credentials, database and TLS', () => {
    const client = make(sentinel, 'worker') as Redis;
    expect(client).toBeInstanceOf(Redis);
    expect(client.options).toMatchObject({
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'mymaster',
      sentinelPassword: 'sentinel-pass',
      username: 'app',
      password: 'p@ss',
      db: 2,
      tls: {},
      enableTLSForSentinelMode: true,
      maxRetriesPerRequest: null,
    });
  });

  it('makes a Cluster whose nodes carry the credentials and the role (no database on a cluster)', () => {
    const worker = make(cluster, 'worker') as Cluster;
    expect(worker).toBeInstanceOf(Cluster);
    expect(worker.options.redisOptions).toMatchObject({ password: 'node-pass', maxRetriesPerRequest: null });
    expect(worker.options.redisOptions).not.toHaveProperty('db');
    const producer = make(cluster, 'producer') as Cluster;
    expect(producer.options).toMatchObject({ enableOfflineQueue: false });
    expect(producer.options.redisOptions).toMatchObject({ maxRetriesPerRequest: 1, connectTimeout: 3000 });
    expect(producer.options.clusterRetryStrategy?.(3, new Error('down'))).toBe(600);
  });

  it('gives a pattern connection its reconnect rule, on a cluster too', () => {
    const client = createRedis(cluster, 'pattern', { retryStrategy: () => null });
    made.push(client);
    expect((client as Cluster).options.lazyConnect).toBe(true);
    expect((client as Cluster).options.clusterRetryStrategy?.(1, new Error('down'))).toBeNull();
  });
});

describe('duplicateForBlocking', () => {
  it('keeps the topology and retries forever', () => {
    const standalone = duplicateForBlocking(make({ REDIS_URL: 'redis://cache:6390' }, 'producer')) as Redis;
    made.push(standalone);
    expect(standalone.options).toMatchObject({ host: 'cache', maxRetriesPerRequest: null });
    const copy = duplicateForBlocking(make(cluster, 'producer')) as Cluster;
    made.push(copy);
    expect(copy).toBeInstanceOf(Cluster);
    expect(copy.options.redisOptions).toMatchObject({ password: 'node-pass', maxRetriesPerRequest: null });
  });
});
