import type { Identity } from '@domestique/proto';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { signIdentity } from '../identity/internal-token.js';

/** The internal secret used by test processes (never used outside tests). */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789-abcdefghijklmnop';

export const ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

const withClient = async <T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** A fresh, empty database for one test run; `drop()` removes it (and ends its connections). */
export const createTestDatabase = async (
  adminUrl = ADMIN_DATABASE_URL,
  prefix = 'domestique_test',
): Promise<TestDatabase> => {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, async (client) => {
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      }),
  };
};

/** Drops test databases older than a day that crashed runs left behind. */
export const dropStaleTestDatabases = (adminUrl = ADMIN_DATABASE_URL, prefix = 'domestique_test'): Promise<void> =>
  withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}_%`]);
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const { datname } of rows) {
      const stamp = parseInt(datname.slice(prefix.length + 1).split('_')[0] ?? '', 36);
      if (Number.isFinite(stamp) && stamp < dayAgo) await client.query(`DROP DATABASE IF EXISTS "${datname}"`);
    }
  });

/** The header a test sends to call a service directly, as the gateway would. */
export const identityHeaders = async (identity: Identity, secret = TEST_INTERNAL_SECRET): Promise<Record<string, string>> => ({
  'x-domestique-identity': await signIdentity(identity, secret),
});

/** A Redis key prefix unique to this run, so parallel runs never share queues. */
export const uniqueSuffix = (): string => `${process.pid}-${randomBytes(3).toString('hex')}`;
