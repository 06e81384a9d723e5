// Checks (and where possible starts) the local PostgreSQL and Redis, and creates the database.
import { execSync } from 'node:child_process';
import { createConnection } from 'node:net';
import pg from 'pg';

const reachable = (host, port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

const START = {
  postgres: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  redis: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
};

const ensureUp = async (name, url, defaultPort) => {
  const { hostname, port } = new URL(url);
  const p = Number(port || defaultPort);
  if (await reachable(hostname, p)) return;
  const local = hostname === '127.0.0.1' || hostname === 'localhost';
  if (local) {
    console.log(`${name} is not reachable at ${hostname}:${p}; starting it: ${START[name]}`);
    try {
      execSync(START[name], { stdio: 'inherit', shell: '/bin/bash' });
    } catch {
      // reported below
    }
    for (let i = 0; i < 20 && !(await reachable(hostname, p)); i += 1)
      await new Promise((r) => setTimeout(r, 500));
    if (await reachable(hostname, p)) return;
  }
  throw new Error(
    `${name} is not reachable at ${hostname}:${p}.\nStart it with:\n  ${START[name]}\nor point ${name === 'postgres' ? 'DATABASE_URL' : 'REDIS_URL'} at a running server (.env).`,
  );
};

export const ensureInfrastructure = async (env) => {
  await ensureUp('postgres', env.DATABASE_URL, 5432);
  await ensureUp('redis', env.REDIS_URL, 6379);
};

/** Creates the database named in DATABASE_URL if it does not exist yet. */
export const ensureDatabase = async (databaseUrl) => {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`Created database ${name}`);
    }
  } finally {
    await client.end();
  }
};
