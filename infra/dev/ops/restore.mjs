#!/usr/bin/env node
// Restores a backup written by backup.mjs into a database that does not hold those schemas yet:
//   node infra/dev/ops/restore.mjs --from backups/2026-11-27 [--database-url postgres://...] [--schemas rides]
// (DATABASE_URL from the environment when --database-url is not given). docs/operations.md, "Backup and restore".
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  checkSchemaNames,
  existingSchemas,
  libpqEnv,
  MANIFEST,
  parseArgs,
  redacted,
  requirePgRestore,
  runTool,
  sha256,
} from './pg-tools.mjs';

/** The backup's manifest, checked: its format, and each archive's SHA-256. */
const readBackup = async (dir) => {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch (error) {
    throw new Error(`${dir} holds no readable ${MANIFEST} (${error.message})`, { cause: error });
  }
  if (manifest.format !== 'domestique-backup' || manifest.version !== 1)
    throw new Error(`${join(dir, MANIFEST)} is not a Domestique backup (version 1)`);
  for (const entry of manifest.schemas) {
    checkSchemaNames([entry.schema]);
    if (basename(entry.file) !== entry.file) throw new Error(`Unexpected archive path ${entry.file}`);
    if ((await sha256(join(dir, entry.file))) !== entry.sha256)
      throw new Error(`${entry.file} does not match its checksum: the backup is damaged`);
  }
  return manifest;
};

/**
 * Restores each schema (all of the backup's, or `schemas`) in one transaction per schema: on any
 * error nothing of that schema is left. Refuses a target that already has one of the schemas (a
 * restore never mixes with live data: restore into a fresh database, or drop the schema first with
 * its service stopped). Answers the schemas restored.
 */
export const restore = async ({ databaseUrl, from, schemas }) => {
  const dir = resolve(from);
  const manifest = await readBackup(dir);
  const entries = schemas
    ? checkSchemaNames(schemas).map((schema) => {
        const entry = manifest.schemas.find((candidate) => candidate.schema === schema);
        if (!entry) throw new Error(`The backup holds no schema ${schema}`);
        return entry;
      })
    : manifest.schemas;
  await requirePgRestore(databaseUrl, manifest.pgDumpMajor);
  const clashing = await existingSchemas(
    databaseUrl,
    entries.map((entry) => entry.schema),
  );
  if (clashing.length > 0)
    throw new Error(
      `The target already has the schema ${clashing.join(', ')}: restore into a fresh database, or drop it first (its service stopped)`,
    );
  const { PGDATABASE } = libpqEnv(databaseUrl);
  for (const entry of entries)
    await runTool(
      'pg_restore',
      [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        '--no-privileges',
        `--dbname=${PGDATABASE}`,
        join(dir, entry.file),
      ],
      databaseUrl,
    );
  return entries.map((entry) => entry.schema);
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const args = parseArgs(process.argv.slice(2));
    const databaseUrl = args['database-url'] ?? process.env.DATABASE_URL;
    if (!databaseUrl || !args.from)
      throw new Error(
        `Usage: node ${basename(process.argv[1])} --from <dir> [--database-url <url>] [--schemas a,b]`,
      );
    const restored = await restore({
      databaseUrl,
      from: args.from,
      schemas: args.schemas?.split(',').filter(Boolean),
    });
    console.log(`Restored ${restored.join(', ')} into ${redacted(databaseUrl)}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
