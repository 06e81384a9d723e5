import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICES } from '../env.mjs';
import { backup, type BackupManifest } from '../ops/backup.mjs';
import { restore } from '../ops/restore.mjs';
import { createScratchDatabase, dropScratchDatabase } from '../scratch.mjs';

/**
 * Backup and restore (infra/dev/ops, docs/operations.md): a fresh database migrated by every
 * service's committed migrations (their builds, as `npm run migrate` applies them) and holding rows,
 * backed up per schema and restored into other fresh databases, must come back identical: tables,
 * columns, indexes, constraints, sequences, every row, and the migration history (so the services
 * start on it without migrating again).
 */
jest.setTimeout(180_000);

const migrateAll = async (databaseUrl: string): Promise<void> => {
  // migrate.mjs has no type declarations of its own (and prints a line per service)
  const path = '../migrate.mjs';
  const { migrateAll: run } = (await import(path)) as {
    migrateAll(env: { DATABASE_URL: string }): Promise<void>;
  };
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await run({ DATABASE_URL: databaseUrl });
  } finally {
    log.mockRestore();
  }
};

const query = async <R extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
};

/**
 * Everything a restore must bring back, per schema: each table's columns and its rows (as text,
 * sorted), each index and constraint's definition, each sequence's last value.
 */
const fingerprint = async (url: string, schemas: string[]) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, unknown> = {};
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema = ANY($1::text[]) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
      [schemas],
    );
    for (const { schema, name } of tables) {
      const columns = await client.query(
        `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
          WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
        [schema, name],
      );
      const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${schema}"."${name}" t`);
      result[`${schema}.${name}`] = {
        columns: columns.rows,
        rows: rows.rows.map(({ row }) => row).sort(),
      };
    }
    result.indexes = (
      await client.query(
        'SELECT schemaname, indexname, indexdef FROM pg_indexes WHERE schemaname = ANY($1::text[]) ORDER BY 1, 2',
        [schemas],
      )
    ).rows;
    result.constraints = (
      await client.query(
        `SELECT n.nspname, c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
           JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = ANY($1::text[]) ORDER BY 1, 2, 3`,
        [schemas],
      )
    ).rows;
    result.sequences = (
      await client.query(
        'SELECT schemaname, sequencename, last_value FROM pg_sequences WHERE schemaname = ANY($1::text[]) ORDER BY 1, 2',
        [schemas],
      )
    ).rows;
    return result;
  } finally {
    await client.end();
  }
};

/** Rows every schema has (the kit's event tables), with the values a dump must keep exactly. */
const writeRows = async (url: string) => {
  for (const schema of SERVICES) {
    for (let i = 0; i < 3; i++)
      await query(url, `INSERT INTO "${schema}".processed_events (event_id, name) VALUES ($1, $2)`, [
        randomUUID(),
        `ride.imported ${i}`,
      ]);
    await query(
      url,
      `INSERT INTO "${schema}".outbox_events (id, name, version, payload, correlation_id, occurred_at, published_at)
       VALUES ($1, 'user.deleted', 1, $2, NULL, '2026-11-27T03:00:00.123456Z', NULL)`,
      [randomUUID(), JSON.stringify({ name: 'Zoë “quoted” \\ tab\t', n: [1.5, null, { deep: true }] })],
    );
  }
};

describe('backup and restore per schema (real PostgreSQL)', () => {
  const databases: string[] = [];
  const work = mkdtempSync(join(tmpdir(), 'domestique-backup-'));
  const fresh = async () => {
    const database = await createScratchDatabase('test');
    databases.push(database.name);
    return database.url;
  };
  let source: string;
  let manifest: BackupManifest;
  let original: Record<string, unknown>;

  beforeAll(async () => {
    source = await fresh();
    await migrateAll(source);
    await writeRows(source);
    original = await fingerprint(source, SERVICES);
    manifest = await backup({ databaseUrl: source, out: join(work, 'full') });
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    for (const name of databases) await dropScratchDatabase(name);
  });

  it('writes one archive per service schema, with its checksum and last migration', () => {
    expect(manifest.schemas.map(({ schema }) => schema)).toEqual([...SERVICES].sort());
    expect(readdirSync(join(work, 'full')).sort()).toEqual(
      ['manifest.json', ...SERVICES.map((schema) => `${schema}.dump`)].sort(),
    );
    for (const entry of manifest.schemas) {
      expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.bytes).toBeGreaterThan(0);
      expect(entry.lastMigration).toMatch(/^[A-Z]\w+\d{13}$/);
    }
    expect(manifest.pgDumpMajor).toBeGreaterThanOrEqual(manifest.serverMajor);
  });

  it('restores every schema into a fresh database exactly as it was', async () => {
    const target = await fresh();
    expect(await restore({ databaseUrl: target, from: join(work, 'full') })).toEqual([...SERVICES].sort());
    const restored = await fingerprint(target, SERVICES);
    expect(Object.keys(restored).length).toBeGreaterThan(SERVICES.length * 2 + 3);
    expect(restored).toEqual(original);
    // the services find their migrations applied: starting on it changes nothing
    await migrateAll(target);
    expect(await fingerprint(target, SERVICES)).toEqual(original);
    // and a second restore over it is refused, leaving it as it is
    await expect(restore({ databaseUrl: target, from: join(work, 'full') })).rejects.toThrow(
      /already has the schema admin, analysis, auth, billing, rides: restore into a fresh database/,
    );
  });

  it('restores one service alone', async () => {
    const target = await fresh();
    expect(await restore({ databaseUrl: target, from: join(work, 'full'), schemas: ['rides'] })).toEqual([
      'rides',
    ]);
    const schemas = await query<{ nspname: string }>(
      target,
      'SELECT nspname FROM pg_namespace WHERE nspname = ANY($1::text[])',
      [SERVICES],
    );
    expect(schemas.map(({ nspname }) => nspname)).toEqual(['rides']);
    expect(await fingerprint(target, ['rides'])).toEqual(await fingerprint(source, ['rides']));
  });

  it('refuses a damaged archive, an unknown schema and a backup over another', async () => {
    const damaged = join(work, 'damaged');
    cpSync(join(work, 'full'), damaged, { recursive: true });
    appendFileSync(join(damaged, 'billing.dump'), 'x');
    const target = await fresh();
    await expect(restore({ databaseUrl: target, from: damaged })).rejects.toThrow(
      'billing.dump does not match its checksum: the backup is damaged',
    );
    await expect(
      restore({ databaseUrl: target, from: join(work, 'full'), schemas: ['public'] }),
    ).rejects.toThrow('The backup holds no schema public');
    expect(
      await query(target, 'SELECT 1 FROM pg_namespace WHERE nspname = ANY($1::text[])', [SERVICES]),
    ).toEqual([]);
    await expect(backup({ databaseUrl: source, out: join(work, 'full') })).rejects.toThrow(
      /is not empty: a backup never overwrites another/,
    );
    await expect(
      backup({ databaseUrl: source, out: join(work, 'other'), schemas: ['nowhere'] }),
    ).rejects.toThrow('No schema nowhere in the database');
  });
});
