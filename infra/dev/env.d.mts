// Types of env.mjs for the TypeScript tests that use it.
export const ROOT: string;
export const SERVICES: string[];
export function parseEnvFile(path: string): Record<string, string>;
export function exampleEnv(): Record<string, string>;
export function localEnv(): Record<string, string> & { DATABASE_URL: string; REDIS_URL: string };
