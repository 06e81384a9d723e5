#!/usr/bin/env node
// Generates a TypeORM migration for one service from the difference between its entities and the
// schema its committed migrations produce, in a throwaway database.
//   npm run migration:generate -w services/<name> -- <MigrationName>
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [service, name] = process.argv.slice(2);
if (!service || !name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('usage: migration-generate.mjs <service> <PascalCaseName>');
  process.exit(2);
}
const serviceDir = join(root, 'services', service);
const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

execFileSync('npx', ['nx', 'run', `@domestique/${service}:build`], { cwd: root, stdio: 'inherit' });

const dbName = `domestique_migration_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

try {
  const common = await import(pathToFileURL(join(root, 'services/common/dist/index.js')).href);
  const databaseModule = await import(pathToFileURL(join(serviceDir, 'dist/database.js')).href);
  const database = Object.values(databaseModule)[0];
  const dataSource = common.createServiceDataSource({ ...database, url: url.toString(), schema: service });
  await dataSource.initialize();
  await common.migrateSchema(dataSource, service);
  const sql = await dataSource.driver.createSchemaBuilder().log();
  await dataSource.destroy();
  if (sql.upQueries.length === 0) {
    console.log(`No changes in the ${service} schema: nothing to generate.`);
  } else {
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const q = (query) =>
      `    await queryRunner.query(\`${query.query.replace(/`/g, '\\`')}\`${query.parameters?.length ? `, ${JSON.stringify(query.parameters)}` : ''});`;
    const file = `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${sql.upQueries.map(q).join('\n')}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${sql.downQueries.reverse().map(q).join('\n')}
  }
}
`;
    const fileName = `${timestamp}-${name}`;
    writeFileSync(join(serviceDir, 'src/migrations', `${fileName}.ts`), file);
    const indexPath = join(serviceDir, 'src/migrations/index.ts');
    const existing = readFileSync(indexPath, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('import {'))
      .map((line) => ({ line, cls: line.match(/import \{ (\w+) \}/)[1] }));
    existing.push({ line: `import { ${className} } from './${fileName}.js';`, cls: className });
    writeFileSync(
      indexPath,
      `${existing.map((e) => e.line).join('\n')}\n\n/** Applied in this order. Never edit a migration that has landed; add a new one. */\nexport const migrations = [${existing.map((e) => e.cls).join(', ')}];\n`,
    );
    console.log(
      `Wrote services/${service}/src/migrations/${fileName}.ts (${sql.upQueries.length} statements)`,
    );
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}"`);
  await admin.end();
}
