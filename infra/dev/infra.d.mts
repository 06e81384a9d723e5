// Types of infra.mjs for the TypeScript tests that use it.
export function ensureInfrastructure(env: { DATABASE_URL: string; REDIS_URL: string }): Promise<void>;
export function ensureDatabase(databaseUrl: string): Promise<void>;
