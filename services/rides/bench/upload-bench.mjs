#!/usr/bin/env node
// Benchmark (not a test) of issue 21's uploads through the rides service's real code on a fresh
// database and Redis prefix:
//  (a) one 4-hour 1 Hz FIT file (every channel, Garmin's encoder) through `UploadService.importFile`,
//      the path of `POST /api/rides/upload`: parsed, duplicate-checked, measured against the rider's
//      thresholds, stored (ride, streams, gzipped original, outbox event) in one transaction.
//      Budget 300 ms, held by the median of the warm runs; the cold first run is printed too.
//  (b) a generated archive of 1,000 activities (activities.csv + activities/*.fit.gz) stored as an
//      upload stores it, then imported by a rides worker in its own process (the `ride-import.archive`
//      job); its peak RSS (VmHWM) against 400 MB, and rides per second.
//
//   npm run build -w @domestique/proto && npm run build -w @domestique/common && npm run build -w @domestique/rides
//   node services/rides/bench/upload-bench.mjs [--runs=10] [--hours=4] [--activities=1000] [--minutes=30]
//
// Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (as the integration tests).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createTestDatabase, startTestApi, startTestWorker } from '@domestique/common/testing';
import { isEntry, numberArg } from '../../../infra/dev/bench/cli.mjs';
import { parseActivityFile } from '../dist/activity-files/index.js';
import { ridesService } from '../dist/service.js';
import { UploadService } from '../dist/upload/upload.service.js';
import { buildZip } from '../dist/upload/zip-writer.js';
import { encodeRide } from '../../../infra/dev/fit-ride.mjs';

export const UPLOAD_BUDGET_MS = 300;
export const ARCHIVE_RSS_BUDGET_MB = 400;
const DAY_MS = 86_400_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** (a): the cold run and the median of `runs` warm runs, each for a new rider (no duplicates). */
const measureSingleFile = async (uploads, { runs, hours }) => {
  const { data } = encodeRide({ seconds: hours * 3600 });
  const once = async () => {
    const started = performance.now();
    const { result } = await uploads.importFile(randomUUID(), 'bench.fit', data, { deferRecompute: true });
    if (result.status !== 'imported') throw new Error(`bench.fit: ${result.status} ${result.message ?? ''}`);
    return performance.now() - started;
  };
  const parseOnce = () => {
    const started = performance.now();
    parseActivityFile('bench.fit', data);
    return performance.now() - started;
  };
  const cold = await once();
  const warm = [];
  const parse = [];
  for (let i = 0; i < runs; i += 1) {
    warm.push(await once());
    parse.push(parseOnce());
  }
  return { bytes: data.length, cold, warm: median(warm), parse: median(parse) };
};

/** A Strava-like archive of `activities` rides of `minutes` minutes, one a day, written to `path`. */
const writeArchive = (path, { activities, minutes }) => {
  const first = Date.UTC(2022, 0, 1, 7);
  const rows = ['Activity ID,Activity Date,Activity Name,Activity Type,Filename'];
  const entries = [];
  for (let i = 0; i < activities; i += 1) {
    const start = new Date(first + i * DAY_MS);
    const { data } = encodeRide({ seconds: minutes * 60, start });
    const file = `activities/${1000 + i}.fit.gz`;
    const date = start.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'medium' });
    rows.push(`${1000 + i},"${date}",Ride ${i + 1},Ride,${file}`);
    entries.push({ name: file, data: gzipSync(data) });
  }
  const zip = buildZip([{ name: 'activities.csv', data: Buffer.from(rows.join('\n')) }, ...entries]);
  writeFileSync(path, zip);
  return zip.length;
};

/** Peak resident set (VmHWM) of a process, in MB. */
const peakRssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};

/** (b): the archive imported by a worker process of its own; answers its figures. */
const measureArchive = async (api, env, { activities, minutes }) => {
  const dir = mkdtempSync(join(tmpdir(), 'domestique-upload-bench-'));
  try {
    const path = join(dir, 'export.zip');
    const zipBytes = writeArchive(path, { activities, minutes });
    const userId = randomUUID();
    const worker = fork(fileURLToPath(import.meta.url), ['--worker'], {
      env: { ...process.env, ...env },
      execArgv: ['--expose-gc'],
    });
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
    });
    const uploads = api.app.get(UploadService);
    const started = performance.now();
    const { importId } = await uploads.queueArchive(userId, 'export.zip', path, zipBytes);
    let state;
    for (;;) {
      state = await uploads.findImport(userId, importId);
      if (state.status === 'done' || state.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = peakRssMb(worker.pid);
    // what the worker still holds once garbage is collected: a leak would show here, not in the peak
    const heapAfter = await new Promise((resolve) => {
      worker.once('message', resolve);
      worker.send('gc');
    });
    worker.kill('SIGTERM');
    return { zipBytes, state, seconds, peak, heapAfterMb: heapAfter / 1024 / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export const runUploadBench = async ({ runs = 10, hours = 4, activities = 1000, minutes = 30 } = {}) => {
  const db = await createTestDatabase(undefined, 'domestique_bench');
  const env = {
    TEST_DATABASE_URL: db.url,
    TEST_REDIS_PREFIX: `bench-upload-${randomUUID().slice(0, 8)}`,
    TEST_LOG_LEVEL: 'silent',
  };
  Object.assign(process.env, env);
  const api = await startTestApi(ridesService);
  try {
    const single = await measureSingleFile(api.app.get(UploadService), { runs, hours });
    const archive = await measureArchive(api, env, { activities, minutes });
    return { single, archive, hours, activities, minutes };
  } finally {
    await api.close();
    await db.drop();
  }
};

if (process.argv.includes('--worker')) {
  // the rides worker, alone in this process so its peak RSS is its own
  const worker = await startTestWorker(ridesService);
  process.send?.('ready');
  process.on('message', () => {
    globalThis.gc?.();
    process.send?.(process.memoryUsage().heapUsed);
  });
  process.once('SIGTERM', () => {
    void worker.close().finally(() => process.exit(0));
  });
} else if (isEntry(import.meta.url)) {
  const result = await runUploadBench({
    runs: numberArg('runs', 10),
    hours: numberArg('hours', 4),
    activities: numberArg('activities', 1000),
    minutes: numberArg('minutes', 30),
  });
  const { single, archive } = result;
  const rows = [
    [
      `${result.hours} h 1 Hz FIT parsed + stored + metrics (warm median)`,
      `${single.warm.toFixed(0)} ms`,
      `<= ${UPLOAD_BUDGET_MS} ms`,
      single.warm <= UPLOAD_BUDGET_MS ? 'yes' : 'NO',
    ],
    [`  of which parsing alone (warm median)`, `${single.parse.toFixed(0)} ms`, '', ''],
    [
      `  same, cold first run (${(single.bytes / 1e6).toFixed(1)} MB file)`,
      `${single.cold.toFixed(0)} ms`,
      '',
      '',
    ],
    [
      `${result.activities}-activity archive (${result.minutes} min each, ${(archive.zipBytes / 1e6).toFixed(0)} MB): worker peak RSS`,
      `${archive.peak.toFixed(0)} MB`,
      `<= ${ARCHIVE_RSS_BUDGET_MB} MB`,
      archive.peak <= ARCHIVE_RSS_BUDGET_MB ? 'yes' : 'NO',
    ],
    [`  worker heap after the import and a full GC`, `${archive.heapAfterMb.toFixed(0)} MB`, '', ''],
    [
      `  rides imported / second (${archive.state.imported} imported, ${archive.state.rejected} rejected, ${archive.state.status})`,
      (archive.state.imported / archive.seconds).toFixed(1),
      '',
      '',
    ],
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length), 6));
  console.log(['measure', 'figure', 'budget', 'met'].map((h, c) => h.padEnd(widths[c])).join(' | '));
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join(' | '));
}
