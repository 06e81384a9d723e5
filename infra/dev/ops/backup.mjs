#!/usr/bin/env node
// Backs up the services' PostgreSQL schemas, one pg_dump archive per schema, all from one snapshot:
//   node infra/dev/ops/backup.mjs --out backups/2026-11-27 [--database-url postgres://...] [--schemas auth,rides]
// (DATABASE_URL from the environment when --database-url is not given). docs/operations.md, "Backup and restore".
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  checkSchemaNames,
  existingSchemas,
  MANIFEST,
  parseArgs,
  redacted,
  requirePgDump,
  runTool,
  SERVICE_SCHEMAS,
  sha256,
  withClient,
} from './pg-tools.mjs';

/** The newest migration each schema has applied (what its code must be at least to read it). */
const lastMigrations = (databaseUrl, schemas) =>
  withClient(databaseUrl, async (client) => {
    const last = {};
    for (const schema of schemas) {
      const { rows } = await client
        .query(`SELECT name FROM "${schema}".migrations ORDER BY timestamp DESC, id DESC LIMIT 1`)
        .catch(() => ({ rows: [] }));
      last[schema] = rows[0]?.name ?? null;
    }
    return last;
  });

/**
 * Holds a repeatable-read transaction open and exports its snapshot, so that every schema's
 * pg_dump sees the database at the same instant (pg_dump --snapshot).
 */
const exportSnapshot = async (databaseUrl) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const { rows } = await client.query('SELECT pg_export_snapshot() AS id');
  return {
    id: rows[0].id,
    release: async () => {
      await client.query('COMMIT').catch(() => undefined);
      await client.end();
    },
  };
};

/**
 * Writes `<schema>.dump` (pg_dump's custom format: compressed, restorable per table) for each
 * schema and manifest.json (schemas, sizes, SHA-256, versions, last migrations) into `out`, which
 * must be new or empty. Answers the manifest.
 */
export const backup = async ({ databaseUrl, out, schemas }) => {
  const versions = await requirePgDump(databaseUrl);
  const wanted = checkSchemaNames(schemas ?? SERVICE_SCHEMAS);
  const present = await existingSchemas(databaseUrl, wanted);
  const missing = wanted.filter((schema) => !present.includes(schema));
  if (schemas && missing.length > 0) throw new Error(`No schema ${missing.join(', ')} in the database`);
  if (present.length === 0) throw new Error(`None of the schemas ${wanted.join(', ')} is in the database`);
  const dir = resolve(out);
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: a backup never overwrites another`);

  const snapshot = await exportSnapshot(databaseUrl);
  const entries = [];
  try {
    for (const schema of present) {
      const file = `${schema}.dump`;
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          `--schema=${schema}`,
          `--snapshot=${snapshot.id}`,
          '--no-owner',
          '--no-privileges',
          `--file=${join(dir, file)}`,
        ],
        databaseUrl,
      );
      entries.push({
        schema,
        file,
        bytes: statSync(join(dir, file)).size,
        sha256: await sha256(join(dir, file)),
      });
    }
  } finally {
    await snapshot.release();
  }
  const migrations = await lastMigrations(databaseUrl, present);
  const manifest = {
    format: 'domestique-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: new URL(databaseUrl).pathname.slice(1),
    serverMajor: versions.server,
    pgDumpMajor: versions.pgDump,
    schemas: entries.map((entry) => ({ ...entry, lastMigration: migrations[entry.schema] })),
  };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const args = parseArgs(process.argv.slice(2));
    const databaseUrl = args['database-url'] ?? process.env.DATABASE_URL;
    if (!databaseUrl || !args.out)
      throw new Error(
        `Usage: node ${basename(process.argv[1])} --out <dir> [--database-url <url>] [--schemas a,b]`,
      );
    const manifest = await backup({
      databaseUrl,
      out: args.out,
      schemas: args.schemas?.split(',').filter(Boolean),
    });
    console.log(`Backed up ${redacted(databaseUrl)} to ${resolve(args.out)}:`);
    for (const { schema, bytes, lastMigration } of manifest.schemas)
      console.log(
        `  ${schema.padEnd(9)} ${String(bytes).padStart(10)} bytes  ${lastMigration ?? '(no migrations)'}`,
      );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
