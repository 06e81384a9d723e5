#!/usr/bin/env node
// npm test: formatting, lint, build + typecheck, unit, integration (real PostgreSQL + Redis, a fresh
// database per run) and end-to-end (the whole system in headless Chromium). Stops at the first
// failing stage. `npm test -- --only=unit,integration` runs a subset.
import { spawnSync } from 'node:child_process';
import { ROOT } from './env.mjs';
import { ensureInfrastructure } from './infra.mjs';

const jest = 'node --experimental-vm-modules node_modules/jest/bin/jest.js';
const STAGES = [
  ['format', 'npx prettier --check . --log-level warn'],
  ['lint', 'npx eslint . --max-warnings=0'],
  ['build', 'npx nx run-many -t build --parallel=2 --output-style=static'],
  ['typecheck', 'npx nx run-many -t typecheck --parallel=2 --output-style=static'],
  ['unit', `${jest} --selectProjects unit web`],
  ['integration', `${jest} --selectProjects integration --runInBand`],
  ['e2e', 'npx playwright test -c web/e2e/playwright.config.ts'],
];

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
const selected = STAGES.filter(([name]) => !only || only.includes(name));
const env = { ...process.env, NX_DAEMON: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

if (selected.some(([name]) => name === 'integration' || name === 'e2e')) {
  await ensureInfrastructure({
    DATABASE_URL: process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
}

const timings = [];
for (const [name, command] of selected) {
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m  ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { cwd: ROOT, stdio: 'inherit', shell: true, env });
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (result.status !== 0) {
    console.error(`\n\x1b[31m✖ ${name} failed\x1b[0m (${timings.join(', ')})`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n\x1b[32m✔ all stages passed\x1b[0m (${timings.join(', ')})`);
