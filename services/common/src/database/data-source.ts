import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';
import { OutboxEventEntity } from '../events/outbox-event.entity.js';
import { ProcessedEventEntity } from '../events/processed-event.entity.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type EntityList = MixedList<Function | string | EntitySchema>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type MigrationList = MixedList<Function | string>;

export interface ServiceDatabaseOptions {
  url: string;
  /** the service's own PostgreSQL schema */
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
  /** pool size per process (DATABASE_POOL_MAX; default 10) */
  poolSize?: number;
}

export const DEFAULT_POOL_MAX = 10;

/**
 * TypeORM options for one service: its own schema, snake_case names, committed migrations and never
 * `synchronize`. The event outbox and the processed-events ledger live in every service's schema.
 */
export const serviceDataSourceOptions = (options: ServiceDatabaseOptions): DataSourceOptions => ({
  type: 'postgres',
  url: options.url,
  schema: options.schema,
  entities: [OutboxEventEntity, ProcessedEventEntity, ...(options.entities as unknown[])] as EntityList,
  migrations: options.migrations,
  migrationsTableName: 'migrations',
  migrationsTransactionMode: 'each',
  namingStrategy: new SnakeNamingStrategy(),
  synchronize: false,
  logging: false,
  // gen_random_uuid() is built into PostgreSQL 13+: no extension to install
  uuidExtension: 'pgcrypto',
  installExtensions: false,
  extra: {
    max: options.poolSize ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: 5000,
    application_name: `domestique-${options.schema}`,
  },
});

const lockKey = (schema: string): number => {
  let hash = 0;
  for (const char of `domestique-migrations-${schema}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
};

/**
 * Creates the schema if needed and applies pending migrations, holding an advisory lock so that
 * replicas starting together migrate once. Idempotent.
 */
export const migrateSchema = async (dataSource: DataSource, schema: string): Promise<string[]> => {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [lockKey(schema)]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [lockKey(schema)]).catch(() => undefined);
    await runner.release();
  }
};

export const createServiceDataSource = (options: ServiceDatabaseOptions): DataSource =>
  new DataSource(serviceDataSourceOptions(options));
