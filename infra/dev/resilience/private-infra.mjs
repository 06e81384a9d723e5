// A private PostgreSQL cluster and Redis server on free ports, for tests that stop and restart them
// (the shared ones of the machine keep serving everyone else). PostgreSQL's binaries come from the
// machine's installation; initdb refuses root, so as root the cluster runs as the postgres user.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../stack.mjs';

const pgBin = () => {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().at(-1) : undefined;
  if (!version) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return (name) => join(root, version, 'bin', name);
};

const asPostgres = (command, args, options = {}) => {
  const root = userInfo().uid === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { stdio: 'pipe', ...options });
};

const until = async (check, timeoutMs, what) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
};

/**
 * A throwaway PostgreSQL cluster (trust auth, fsync off) with start/stop/remove. `maxConnections`:
 * PostgreSQL's max_connections (default 100; the two-replica run has twice the processes).
 */
export const startPrivatePostgres = async ({ maxConnections = 100 } = {}) => {
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), 'dq-pg-'));
  chmodSync(dir, 0o700);
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  asPostgres(bin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=${maxConnections}`;
  const start = () => {
    asPostgres(bin('pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start']);
  };
  const stop = (mode = 'fast') => {
    asPostgres(bin('pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
  };
  start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    databaseUrl: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    start,
    stop,
    remove: () => {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** A throwaway Redis server with append-only persistence (a restart keeps its queues, as in production). */
export const startPrivateRedis = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dq-redis-'));
  const port = await freePort();
  let child;
  const ping = () =>
    new Promise((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      probe.stdout.on('data', (chunk) => (out += chunk.toString()));
      probe.on('exit', () => resolve(out.trim() === 'PONG'));
    });
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
      { stdio: 'ignore' },
    );
    await until(ping, 10_000, `Redis did not start on port ${port}`);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
