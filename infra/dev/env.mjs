// Reads the committed .env.example files (defaults) and the developer's own .env (overrides).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVICES = ['auth', 'rides', 'analysis', 'billing', 'admin'];

export const parseEnvFile = (path) => {
  if (!existsSync(path)) return {};
  const values = {};
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    values[key] = value;
  }
  return values;
};

/** Every example file of the repository, merged: the defaults of a local system. */
export const exampleEnv = () => {
  const files = [
    '.env.example',
    ...SERVICES.map((s) => `services/${s}/.env.example`),
    'gateway/.env.example',
    'infra/simulators/.env.example',
  ];
  return Object.assign({}, ...files.map((f) => parseEnvFile(join(ROOT, f))));
};

/** Defaults, then .env, then the real environment (so `FOO=1 npm run up` wins). */
export const localEnv = () => {
  const fromProcess = Object.fromEntries(
    Object.keys({ ...exampleEnv(), ...parseEnvFile(join(ROOT, '.env')) })
      .filter((key) => process.env[key] !== undefined)
      .map((key) => [key, process.env[key]]),
  );
  return { ...exampleEnv(), ...parseEnvFile(join(ROOT, '.env')), ...fromProcess };
};
