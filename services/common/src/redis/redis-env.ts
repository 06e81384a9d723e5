import { z } from 'zod';

/**
 * The Redis variables of every backend process (spread into the base schema) and the rules that
 * tie them together. Three topologies, picked by REDIS_MODE:
 *
 * - `standalone` (default): one server at REDIS_URL, exactly as before.
 * - `sentinel`: the master of REDIS_SENTINEL_NAME, found through REDIS_SENTINELS; ioredis follows
 *   failovers. REDIS_URL's host is not used: its user, password, database and `rediss:` apply to the
 *   master, so the password stays in the one secret operators already have.
 * - `cluster`: a Redis Cluster reached through REDIS_CLUSTER_NODES (any few of its nodes; the rest
 *   are discovered). REDIS_URL's user, password and `rediss:` apply to every node; its host is not
 *   used. REDIS_PREFIX must be a hash tag (`{dq}`): every key then hashes to one slot, which BullMQ's
 *   scripts (each touching several keys of a queue, and a parent's keys from a child's queue) and
 *   our own multi-key scripts and transactions (sessions, rate limits, the Strava budget) require.
 */

export const REDIS_MODES = ['standalone', 'sentinel', 'cluster'] as const;
export type RedisMode = (typeof REDIS_MODES)[number];

export interface HostPort {
  host: string;
  port: number;
}

const HOST_PORT = /^(?<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(?<port>\d{1,5})$/;

/** One `host:port` entry (an IPv6 host in brackets), or undefined when it is not one. */
export const parseHostPort = (entry: string): HostPort | undefined => {
  const match = HOST_PORT.exec(entry.trim());
  const port = Number(match?.groups?.port);
  if (!match?.groups || port < 1 || port > 65535) return undefined;
  return { host: match.groups.host!.replace(/^\[|\]$/g, ''), port };
};

/** A comma-separated `host:port` list, parsed at boot; the message names the first bad entry. */
const hostPortList = (example: string) =>
  z.string().transform((value, context): HostPort[] => {
    const entries = value.split(',').map((entry) => entry.trim());
    const nodes: HostPort[] = [];
    for (const entry of entries) {
      const node = parseHostPort(entry);
      if (!node) {
        context.addIssue({
          code: 'custom',
          message: `must be a comma-separated host:port list, e.g. ${example} (bad entry "${entry}")`,
        });
        return z.NEVER;
      }
      nodes.push(node);
    }
    return nodes;
  });

/** Lower-case letters, digits, - and _; in cluster mode wrapped in one hash tag: `{dq}`. */
const PREFIX = /^(?:[a-z0-9_-]{1,40}|\{[a-z0-9_-]{1,40}\})$/;

export const redisEnvVars = {
  REDIS_URL: z.url({ error: 'must be a redis:// URL' }).startsWith('redis', 'must be a redis:// URL'),
  /** namespace of every Redis key (queues, sessions, limits), so systems can share one Redis */
  REDIS_PREFIX: z
    .string()
    .regex(PREFIX, 'lower-case letters, digits, - and _ only, optionally in one {hash tag}')
    .default('dq'),
  /** standalone (REDIS_URL) | sentinel (REDIS_SENTINELS) | cluster (REDIS_CLUSTER_NODES) */
  REDIS_MODE: z.enum(REDIS_MODES).default('standalone'),
  /** sentinel mode: the sentinels, `host:port,host:port` */
  REDIS_SENTINELS: hostPortList('sentinel-1:26379,sentinel-2:26379').optional(),
  /** sentinel mode: the monitored master's name (`sentinel monitor <name> …`) */
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ., - and _ only')
    .optional(),
  /** sentinel mode: the sentinels' own credentials, when they require them */
  REDIS_SENTINEL_USERNAME: z.string().optional(),
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  /** cluster mode: some of the cluster's nodes, `host:port,host:port` */
  REDIS_CLUSTER_NODES: hostPortList('redis-0:6379,redis-1:6379').optional(),
};

/** The Redis part of a process's configuration (test kits may give REDIS_URL alone: standalone). */
export interface RedisConnectionConfig {
  REDIS_URL: string;
  REDIS_MODE?: RedisMode;
  REDIS_SENTINELS?: HostPort[];
  REDIS_SENTINEL_NAME?: string;
  REDIS_SENTINEL_USERNAME?: string;
  REDIS_SENTINEL_PASSWORD?: string;
  REDIS_CLUSTER_NODES?: HostPort[];
}

export const isHashTagged = (prefix: string): boolean => /^\{[^{}]+\}$/.test(prefix);

/**
 * What the chosen REDIS_MODE also needs, as `[variable, problem]` pairs. It reads the environment
 * as given (strings, unset when absent), so its problems join those of the fields in one boot
 * report; a malformed value is left to its own field's message.
 */
export const redisTopologyProblems = (env: Record<string, string | undefined>): [string, string][] => {
  const mode = env.REDIS_MODE ?? 'standalone';
  const problems: [string, string][] = [];
  const require = (name: string) => {
    if (!env[name]) problems.push([name, `is required when REDIS_MODE=${mode}`]);
  };
  if (mode === 'sentinel') {
    require('REDIS_SENTINELS');
    require('REDIS_SENTINEL_NAME');
  }
  if (mode === 'cluster') {
    require('REDIS_CLUSTER_NODES');
    const prefix = env.REDIS_PREFIX ?? 'dq';
    if (PREFIX.test(prefix) && !isHashTagged(prefix)) {
      problems.push([
        'REDIS_PREFIX',
        `must be a hash tag when REDIS_MODE=cluster, e.g. {${prefix}}, so each queue's keys and every multi-key script share one slot`,
      ]);
    }
  }
  return problems;
};
