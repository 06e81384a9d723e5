import { describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

// The built entry `npm run up` starts (npm test builds before the integration stage).
const MAIN = resolve(import.meta.dirname, '../../../dist/strava/main.js');

describe('strava-sim process (dist/strava/main.js)', () => {
  it('is built', () => {
    expect(existsSync(MAIN)).toBe(true);
  });

  it('refuses bad configuration, naming every problem at once', () => {
    const result = spawnSync(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        STRAVA_SIM_PORT: 'eighty',
        STRAVA_SIM_SEED: '-1',
        STRAVA_SIM_PUBLIC_URL: 'ftp://x',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    for (const key of ['STRAVA_SIM_PORT', 'STRAVA_SIM_SEED', 'STRAVA_SIM_PUBLIC_URL'])
      expect(result.stderr).toContain(key);
  }, 30_000);

  it('starts from the environment, answers /health and the API with the configured client, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        STRAVA_SIM_PORT: '0',
        STRAVA_SIM_PUBLIC_URL: 'http://localhost:4999',
        STRAVA_CLIENT_ID: 'test-app',
        STRAVA_CLIENT_SECRET: 'test-secret',
        STRAVA_SIM_ATHLETES: '1',
        STRAVA_SIM_ACTIVITIES: '25',
        STRAVA_SIM_READ_RATE_LIMIT: '5,50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<Record<string, unknown>>((ready, fail) => {
        let buffer = '';
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          if (buffer.includes('\n')) ready(JSON.parse(buffer.split('\n')[0]!) as Record<string, unknown>);
        });
        child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
      });
      expect(line).toMatchObject({
        level: 'info',
        msg: 'Strava simulator listening',
        oauthUrl: 'http://localhost:4999/oauth',
      });
      const url = line.url as string;
      expect((await fetch(`${url}/health`)).status).toBe(200);
      const page = await fetch(
        `${url}/oauth/authorize?client_id=test-app&redirect_uri=http://localhost/cb&response_type=code&scope=read`,
      );
      expect(page.status).toBe(200);
      const token = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          client_id: 'test-app',
          client_secret: 'wrong',
          code: 'x',
          grant_type: 'authorization_code',
        }),
      });
      expect(token.status).toBe(401);
      const limited = await fetch(`${url}/api/v3/athlete`);
      expect(limited.status).toBe(401);
      expect(limited.headers.get('x-readratelimit-limit')).toBe('5,50');
      expect(limited.headers.get('x-ratelimit-limit')).toBe('200,2000');
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);
});
