// What backup.mjs and restore.mjs share: running pg_dump/pg_restore against a DATABASE_URL without
// putting its password on a command line, and refusing client tools older than the server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICES } from '../env.mjs';

/** The schemas a backup holds by default: one per service (each service owns one). */
export const SERVICE_SCHEMAS = SERVICES;

/** Where a backup lists what it holds. */
export const MANIFEST = 'manifest.json';

/** `--name value` and `--name=value` arguments, as a map. */
export const parseArgs = (argv) => {
  const args = {};
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) throw new Error(`Unexpected argument ${argv[i]}`);
    args[match[1]] =
      match[2] ?? (argv[i + 1]?.startsWith('--') || argv[i + 1] === undefined ? 'true' : argv[++i]);
  }
  return args;
};

/** A schema name as the services create them (lower case); anything else is refused before a tool sees it. */
export const checkSchemaNames = (schemas) => {
  for (const schema of schemas)
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  return schemas;
};

/**
 * libpq's environment for a postgres:// URL: the password travels in PGPASSWORD, never in the
 * arguments (which every user of the machine can read), and ?sslmode= is kept.
 */
export const libpqEnv = (databaseUrl) => {
  const url = new URL(databaseUrl);
  if (!url.protocol.startsWith('postgres')) throw new Error('DATABASE_URL must be a postgres:// URL');
  const env = {
    PGHOST: decodeURIComponent(url.hostname) || '127.0.0.1',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    PGUSER: decodeURIComponent(url.username) || 'postgres',
  };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  if (!env.PGDATABASE) throw new Error('DATABASE_URL names no database');
  return env;
};

/** The pg_dump or pg_restore to run: PG_BIN's (e.g. /usr/lib/postgresql/17/bin), else the one on PATH. */
const tool = (name) => (process.env.PG_BIN ? join(process.env.PG_BIN, name) : name);

/** Runs a PostgreSQL client tool; resolves with its output, rejects with its stderr. */
export const runTool = (name, args, databaseUrl) =>
  new Promise((resolve, reject) => {
    const child = spawn(tool(name), args, {
      env: { ...process.env, ...libpqEnv(databaseUrl) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) =>
      reject(
        new Error(`${name} could not be run (${error.message}): install the PostgreSQL client or set PG_BIN`),
      ),
    );
    child.on('close', (status) =>
      status === 0
        ? resolve(stdout)
        : reject(new Error(`${name} ${args.join(' ')} failed:\n${stderr.trim()}`)),
    );
  });

/** A tool's major version (`pg_dump (PostgreSQL) 15.20` -> 15). */
export const toolMajor = async (name, databaseUrl) => {
  const answer = await runTool(name, ['--version'], databaseUrl);
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(answer)?.[1]);
  if (!major) throw new Error(`Cannot read ${name}'s version from "${answer.trim()}"`);
  return major;
};

/** Runs `fn` with a client on the database. */
export const withClient = async (databaseUrl, fn) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** The server's major version (server_version_num 150020 -> 15). */
export const serverMajor = (databaseUrl) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  });

/**
 * pg_dump refuses a server newer than itself; pg_restore reads only archives of a pg_dump no newer
 * than itself. Checked up front, naming the binaries to use instead.
 */
export const requirePgDump = async (databaseUrl) => {
  const [major, server] = await Promise.all([toolMajor('pg_dump', databaseUrl), serverMajor(databaseUrl)]);
  if (major < server)
    throw new Error(
      `pg_dump ${major} is older than the server (PostgreSQL ${server}): set PG_BIN to the bin directory of a PostgreSQL ${server} (or later) client`,
    );
  return { pgDump: major, server };
};

export const requirePgRestore = async (databaseUrl, archiveMajor) => {
  const major = await toolMajor('pg_restore', databaseUrl);
  if (major < archiveMajor)
    throw new Error(
      `pg_restore ${major} cannot read an archive of pg_dump ${archiveMajor}: set PG_BIN to the bin directory of a PostgreSQL ${archiveMajor} (or later) client`,
    );
  return major;
};

/** The schemas present in a database, among `wanted`. */
export const existingSchemas = (databaseUrl, wanted) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      'SELECT nspname FROM pg_namespace WHERE nspname = ANY($1::text[]) ORDER BY nspname',
      [wanted],
    );
    return rows.map((row) => row.nspname);
  });

/** A file's SHA-256, hex. */
export const sha256 = (path) =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/** The printable form of a URL: its password hidden. */
export const redacted = (databaseUrl) => {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
};
