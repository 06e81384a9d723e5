#!/usr/bin/env node
// The first run a new developer makes, proven: clones this repository into a temporary folder (so
// nothing is installed or built there), runs `npm run up` in it, waits until /health answers 200 and
// the demo rider can sign in and sees its rides, then stops it and removes the folder. Uses only Node's own modules, so
// CI can run it before its own `npm ci`. Exits 1, with the run's last output, when any step fails.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localEnv, ROOT } from './env.mjs';
import { ridesOf, sessionCookie } from './seed.mjs';

const TIMEOUT_MS = Number(process.env.FIRST_RUN_TIMEOUT_MS ?? 20 * 60_000);
const folder = mkdtempSync(join(tmpdir(), 'domestique-first-run-'));
const env = localEnv();
const gateway = `http://127.0.0.1:${env.GATEWAY_PORT}`;
const origin = new URL(env.PUBLIC_URL).origin;
const DEMO = { email: 'demo@domestique.app', password: 'domestique-demo' };

const tail = [];
const remember = (chunk) => {
  tail.push(...chunk.toString().split('\n'));
  tail.splice(0, Math.max(0, tail.length - 60));
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const answers = async (url, init) => {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  } catch {
    return undefined;
  }
};

const signIn = () =>
  answers(`${gateway}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO),
  });

console.log(`First run: cloning ${ROOT} into ${folder}`);
execFileSync('git', ['clone', '--quiet', ROOT, folder], { stdio: 'inherit' });

const started = Date.now();
// its own process group, so stopping it stops every process it started
const up = spawn('npm', ['run', 'up'], {
  cwd: folder,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, FORCE_COLOR: '0' },
});
up.stdout.on('data', remember);
up.stderr.on('data', remember);
let exited;
up.on('exit', (code, signal) => (exited = { code, signal }));

const stop = async () => {
  if (!exited) {
    process.kill(-up.pid, 'SIGINT');
    for (let i = 0; i < 60 && !exited; i += 1) await sleep(500);
    if (!exited) process.kill(-up.pid, 'SIGKILL');
  }
  rmSync(folder, { recursive: true, force: true });
};

let failure;
let seconds;
let rides = 0;
try {
  let healthy = false;
  let signedIn = false;
  while (!signedIn) {
    if (exited) throw new Error(`npm run up exited (${exited.code ?? exited.signal}) before it was ready`);
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`not ready after ${TIMEOUT_MS / 1000} s`);
    await sleep(2000);
    // the demo rider is seeded after the system starts: health first, then a sign-in
    healthy = healthy || (await answers(`${gateway}/health`))?.status === 200;
    if (!healthy || !tail.some((line) => line.includes('Domestique is running'))) continue;
    const answer = await signIn();
    if (answer?.status === 200) signedIn = true;
    else if (answer)
      throw new Error(`the demo rider could not sign in: ${answer.status} ${await answer.text()}`);
    if (signedIn) {
      // npm run up seeds the demo rider's rides (through the Strava simulator) before it says it runs
      rides = (await ridesOf(gateway, sessionCookie(answer))).length;
      if (rides === 0) throw new Error('the demo rider signed in but has no rides');
    }
  }
  seconds = Math.round((Date.now() - started) / 1000);
} catch (error) {
  failure = error;
} finally {
  await stop();
}

if (failure) {
  console.error(
    `First run FAILED: ${failure.message}\n--- last output of npm run up ---\n${tail.join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `First run: npm run up on a fresh clone answered /health 200 and signed the demo rider in, with ${rides} rides, after ${seconds} s`,
);
