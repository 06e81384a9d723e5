#!/usr/bin/env node
// npm test: formatting, generated GraphQL types up to date, lint, build + typecheck, unit,
// integration (real PostgreSQL + Redis, a fresh database per run) and end-to-end (the whole system in
// headless Chromium). Stops at the first failing stage. `npm test -- --only=unit,integration` runs a
// subset.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './env.mjs';
import { ensureInfrastructure } from './infra.mjs';

// Jest under native ESM keeps every test file's module graph alive in its process: the heap grows
// with the suite, so each project runs in a process of its own, with room to grow.
const jest = 'node --experimental-vm-modules --max-old-space-size=6144 node_modules/jest/bin/jest.js';

/** The committed generated files, each with where `npm run codegen` writes it. */
const GENERATED = { schema: 'gateway/schema/public-api.graphql', gql: 'web/src/gql' };

/**
 * Regenerates the public API schema and the web's operation types into a temp dir (the same steps
 * as `npm run codegen`) and compares them with the committed ones: an operation edited, or a subgraph
 * changed, without regenerating fails here rather than as a puzzling type error later.
 */
const codegenIsCurrent = (env) => {
  const dir = mkdtempSync(join(tmpdir(), 'domestique-codegen-'));
  try {
    const schema = join(dir, 'public-api.graphql');
    const gql = join(dir, 'gql');
    for (const [command, cwd, extra] of [
      [`node gateway/scripts/emit-schema.mjs --out ${schema}`, ROOT, {}],
      [
        'npx graphql-codegen --config codegen.ts --silent',
        join(ROOT, 'web'),
        { CODEGEN_SCHEMA: schema, CODEGEN_OUT: `${gql}/` },
      ],
    ]) {
      const result = spawnSync(command, { cwd, stdio: 'inherit', shell: true, env: { ...env, ...extra } });
      if (result.status !== 0) return 1;
    }
    const read = (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    };
    const names = (folder) => {
      try {
        return readdirSync(folder);
      } catch {
        return [];
      }
    };
    const stale = [
      ...(read(schema) === read(join(ROOT, GENERATED.schema)) ? [] : [GENERATED.schema]),
      ...[...new Set([...names(gql), ...names(join(ROOT, GENERATED.gql))])]
        .filter((name) => read(join(gql, name)) !== read(join(ROOT, GENERATED.gql, name)))
        .map((name) => `${GENERATED.gql}/${name}`),
    ];
    if (stale.length === 0) return 0;
    console.error(
      `\nThe generated GraphQL files are stale (the subgraphs' schemas or the web's operations changed):\n` +
        stale.map((path) => `  ${path}\n`).join('') +
        'Run `npm run codegen` and commit the result.',
    );
    return 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const STAGES = [
  ['format', 'npx prettier --check . --log-level warn'],
  ['codegen', codegenIsCurrent],
  ['lint', 'npx eslint . --max-warnings=0'],
  ['build', 'npx nx run-many -t build --parallel=2 --output-style=static'],
  ['typecheck', 'npx nx run-many -t typecheck --parallel=2 --output-style=static'],
  ['unit', `${jest} --selectProjects unit && ${jest} --selectProjects web`],
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
  console.log(
    `\n\x1b[1m▶ ${name}\x1b[0m  ${typeof command === 'function' ? 'npm run codegen, compared' : command}`,
  );
  const started = Date.now();
  const status =
    typeof command === 'function'
      ? command(env)
      : spawnSync(command, { cwd: ROOT, stdio: 'inherit', shell: true, env }).status;
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (status !== 0) {
    console.error(`\n\x1b[31m✖ ${name} failed\x1b[0m (${timings.join(', ')})`);
    process.exit(status ?? 1);
  }
}
console.log(`\n\x1b[32m✔ all stages passed\x1b[0m (${timings.join(', ')})`);
