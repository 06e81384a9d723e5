#!/usr/bin/env node
// Applies every service's committed migrations to DATABASE_URL (the processes also do it on start).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { localEnv, ROOT, SERVICES } from './env.mjs';
import { ensureDatabase, ensureInfrastructure } from './infra.mjs';

export const migrateAll = async (env) => {
  await ensureDatabase(env.DATABASE_URL);
  const common = await import(pathToFileURL(join(ROOT, 'services/common/dist/index.js')).href);
  const logger = common.createLogger({ service: 'migrate', level: 'warn' });
  for (const service of SERVICES) {
    const database = Object.values(
      await import(pathToFileURL(join(ROOT, `services/${service}/dist/database.js`)).href),
    )[0];
    const applied = await common.runMigrations(
      { service, config: { DATABASE_URL: env.DATABASE_URL }, database, logger },
      3,
    );
    console.log(`${service.padEnd(9)} ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  }
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = localEnv();
  await ensureInfrastructure(env);
  await migrateAll(env);
}
