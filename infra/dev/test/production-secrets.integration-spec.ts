import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { exampleEnv, ROOT } from '../env.mjs';

/**
 * Issue 18: the committed local configuration (every .env.example, as `npm run up` uses it) started
 * with NODE_ENV=production. Each built process must exit before it serves anything, naming every
 * secret it refuses, and print none of their values.
 */
const OFFENDERS: Record<string, string[]> = {
  'services/auth/dist/main.js': ['ADMIN_PASSWORD', 'INTERNAL_JWT_SECRET'],
  'services/auth/dist/worker.js': ['ADMIN_PASSWORD', 'INTERNAL_JWT_SECRET'],
  'services/rides/dist/main.js': [
    'INTERNAL_JWT_SECRET',
    'STRAVA_CLIENT_SECRET',
    'STRAVA_TOKEN_KEY',
    'STRAVA_WEBHOOK_VERIFY_TOKEN',
  ],
  'services/analysis/dist/main.js': ['INTERNAL_JWT_SECRET'],
  'services/billing/dist/main.js': ['INTERNAL_JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  'services/admin/dist/main.js': ['INTERNAL_JWT_SECRET'],
  'gateway/dist/main.js': ['INTERNAL_JWT_SECRET'],
};

const committed = exampleEnv();
/** The committed values that must never reach a log (the token key is empty in the examples). */
const secretValues = Object.entries(committed)
  .filter(([key, value]) => /(SECRET|_KEY|PASSWORD|TOKEN)$/.test(key) && value !== '')
  .map(([, value]) => value);

const run = (entry: string): Promise<{ status: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, entry)], {
      env: { PATH: process.env.PATH, ...committed, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // a process that passed its configuration would start serving: end it, the status shows it
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });

describe('production refuses the committed secrets', () => {
  it('has committed secrets to refuse', () => {
    expect(secretValues).toEqual(
      expect.arrayContaining([committed.INTERNAL_JWT_SECRET, committed.STRIPE_WEBHOOK_SECRET]),
    );
  });

  it.each(Object.entries(OFFENDERS))('%s exits 1 naming %j', async (entry, offenders) => {
    const { status, stdout, stderr } = await run(entry);
    expect(status).toBe(1);
    expect(stderr).toContain('Invalid configuration for');
    const named = [...stderr.matchAll(/^ {2}- (\w+):/gm)].map((match) => match[1]).sort();
    expect(named).toEqual(offenders);
    for (const value of secretValues) expect(`${stdout}${stderr}`).not.toContain(value);
  });
});
