import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../../../infra/dev/ports.mjs';
import type { RedisConnectionConfig } from '../redis-env.js';

/**
 * Throwaway Redis topologies for the topology tests: a three-master Redis Cluster and a master with
 * its replica watched by one sentinel, each on free ports in a temporary folder, with nothing persisted.
 * Needs `redis-server` and `redis-cli` (Redis 7) on the PATH.
 */

const run = promisify(execFile);
const EPHEMERAL = ['--save', '', '--appendonly', 'no', '--daemonize', 'no', '--bind', '127.0.0.1'];

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
};

const cli = async (port: number, ...args: string[]): Promise<string> =>
  (await run('redis-cli', ['-p', String(port), ...args])).stdout.trim();

export interface RedisTopology {
  /** the configuration a process would boot with (REDIS_PREFIX aside) */
  config: RedisConnectionConfig;
  stop(): Promise<void>;
}

/** Starts the servers of one topology in `dir`; stop() kills them and removes the folder. */
const servers = (dir: string) => {
  const children: ChildProcess[] = [];
  return {
    start(args: string[]): void {
      const child = spawn('redis-server', args, { cwd: dir, stdio: 'ignore' });
      children.push(child);
    },
    async stop(): Promise<void> {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/** A Redis Cluster of three masters (no replicas), every slot assigned, `cluster_state:ok`. */
export const startCluster = async (): Promise<RedisTopology> => {
  const dir = await mkdtemp(join(tmpdir(), 'dq-redis-cluster-'));
  const nodes = servers(dir);
  try {
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const port of ports) {
      nodes.start([
        '--port',
        String(port),
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        ...EPHEMERAL,
      ]);
    }
    for (const port of ports)
      await until(`cluster node ${port}`, async () => (await cli(port, 'ping')) === 'PONG');
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    for (const port of ports) {
      await until(`cluster state on ${port}`, async () =>
        (await cli(port, 'cluster', 'info')).includes('cluster_state:ok'),
      );
    }
    return {
      config: {
        REDIS_URL: `redis://127.0.0.1:${ports[0]}`,
        REDIS_MODE: 'cluster',
        REDIS_CLUSTER_NODES: ports.slice(0, 2).map((port) => ({ host: '127.0.0.1', port })),
      },
      stop: () => nodes.stop(),
    };
  } catch (error) {
    await nodes.stop();
    throw error;
  }
};

export const SENTINEL_MASTER_NAME = 'dq-master';

export interface SentinelTopology extends RedisTopology {
  /** has the sentinel promote the replica; resolves with its port once the sentinel names it master */
  failover(): Promise<number>;
}

/** A master and its replica (both with a password) and one sentinel monitoring them (quorum 1). */
export const startSentinel = async (): Promise<SentinelTopology> => {
  const dir = await mkdtemp(join(tmpdir(), 'dq-redis-sentinel-'));
  const nodes = servers(dir);
  try {
    const [masterPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
    const password = 'sentinel-test-password';
    const auth = ['-a', password, '--no-auth-warning'];
    const secured = ['--requirepass', password, '--masterauth', password, ...EPHEMERAL];
    nodes.start(['--port', String(masterPort), ...secured]);
    nodes.start(['--port', String(replicaPort), '--replicaof', '127.0.0.1', String(masterPort), ...secured]);
    await until('sentinel replica', async () =>
      (await cli(replicaPort, ...auth, 'info', 'replication')).includes('master_link_status:up'),
    );
    const conf = join(dir, 'sentinel.conf');
    await writeFile(
      conf,
      [
        `port ${sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER_NAME} 127.0.0.1 ${masterPort} 1`,
        `sentinel auth-pass ${SENTINEL_MASTER_NAME} ${password}`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER_NAME} 1000`,
        `sentinel failover-timeout ${SENTINEL_MASTER_NAME} 5000`,
        '',
      ].join('\n'),
    );
    nodes.start([conf, '--sentinel']);
    const masterNamed = async (port: number) =>
      (await cli(sentinelPort, 'sentinel', 'get-master-addr-by-name', SENTINEL_MASTER_NAME)).includes(
        String(port),
      );
    await until('sentinel', () => masterNamed(masterPort));
    await until('the sentinel to know the replica', async () =>
      (await cli(sentinelPort, 'sentinel', 'replicas', SENTINEL_MASTER_NAME)).includes(String(replicaPort)),
    );
    return {
      config: {
        // the host is not used in sentinel mode: the sentinel names the master
        REDIS_URL: `redis://:${password}@unused-in-sentinel-mode:6379`,
        REDIS_MODE: 'sentinel',
        REDIS_SENTINELS: [{ host: '127.0.0.1', port: sentinelPort }],
        REDIS_SENTINEL_NAME: SENTINEL_MASTER_NAME,
      },
      async failover() {
        await cli(sentinelPort, 'sentinel', 'failover', SENTINEL_MASTER_NAME);
        await until('the failover', () => masterNamed(replicaPort));
        return replicaPort;
      },
      stop: () => nodes.stop(),
    };
  } catch (error) {
    await nodes.stop();
    throw error;
  }
};
