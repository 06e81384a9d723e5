#!/usr/bin/env node
// npm run up: install, build, migrate, seed a demo, start everything, print the URL. Ctrl-C stops it all.
// Only Node's own modules are imported up front: on a fresh clone nothing is installed yet, so the
// modules that need dependencies (pg, ioredis, ...) are loaded after `npm install`.
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { localEnv, ROOT } from './env.mjs';

const step = (message) => console.log(`\n\x1b[1m▶ ${message}\x1b[0m`);
const run = (command) =>
  execSync(command, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: Domestique needs Node 20.19+ (or 22.12+).`);
  process.exit(1);
}

step('Installing dependencies');
run('npm install --no-audit --no-fund');

const { ensureInfrastructure } = await import('./infra.mjs');
const { migrateAll } = await import('./migrate.mjs');
const { DEMO_RIDER, seedDemo } = await import('./seed.mjs');
const { startStack } = await import('./stack.mjs');

const env = { ...localEnv(), WEB_DIST: localEnv().WEB_DIST || join(ROOT, 'web/dist') };

step('Checking PostgreSQL and Redis');
await ensureInfrastructure(env);

step('Building');
run('npx nx run-many -t build --parallel=2 --output-style=static');

step('Migrating');
await migrateAll(env);

step('Starting the system');
const stack = await startStack({ env, logs: 'terminal' });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

step('Seeding the demo rider');
const seeded = await seedDemo(stack.gatewayUrl, new URL(env.PUBLIC_URL).origin);

console.log(`
\x1b[1m\x1b[32mDomestique is running: ${env.PUBLIC_URL}\x1b[0m
  Demo rider (${seeded}): ${DEMO_RIDER.email} / ${DEMO_RIDER.password}
  Admin:      ${env.PUBLIC_URL}/admin-login  (${env.ADMIN_USERNAME} / ${env.ADMIN_PASSWORD ?? 'see ADMIN_PASSWORD_HASH'})
  Mail inbox: http://127.0.0.1:${env.MAILDEV_WEB_PORT}  (password reset emails)
  Strava:     ${env.STRAVA_SIM_PUBLIC_URL}  (simulator; connect from the dashboard)
  Stripe:     ${env.STRIPE_SIM_PUBLIC_URL}  (simulator; checkout from /subscribe)
  GraphQL:    ${env.PUBLIC_URL}/graphql
  Health:     ${env.PUBLIC_URL}/health
Press Ctrl-C to stop everything.
`);
for (const { proc, child } of stack.children) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`\x1b[31m${proc.name} exited (code ${code})\x1b[0m`);
  });
}
