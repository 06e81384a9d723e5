#!/usr/bin/env node
// Benchmark (not a test): issue 22's budgets for a rider with 10,000 rides (every ~14 hours over 16
// years, like `npm run bench`'s heavy rider), measured as server time: the rides service's own
// services and repositories (from dist) against PostgreSQL, without HTTP.
//
//   npm run build -w @domestique/rides
//   node services/rides/bench/training-bench.mjs [--rides=10000] [--samples=100]
//
// It migrates a scratch database (dropped at the end), writes the rides (TSS in their metrics, a
// power meter on two in three) and their stored best-effort curves in two SQL statements, then times:
// - the full-history load series (`GET /api/training/load`: daily loads read, CTL/ATL/TSB computed);
// - the power curve over a year (`GET /api/power/curve`: the year's stored curves merged, CP fit);
// - an import's incremental update (the ride.imported handler's day recompute, in its transaction);
// - for information: the one-off rebuild of the daily loads from the rides (first read of a rider).
import pg from 'pg';
import { createServiceDataSource, migrateSchema } from '@domestique/common';
import { POWER_CURVE_SECONDS } from '@domestique/proto';
import { isEntry, numberArg } from '../../../infra/dev/bench/cli.mjs';
import { measure } from '../../../infra/dev/scratch-stack.mjs';
import { createScratchDatabase, dropScratchDatabase } from '../../../infra/dev/scratch.mjs';
import { ridesDatabase } from '../dist/database.js';
import { PowerCurveRepository } from '../dist/power-curve/power-curve.repository.js';
import { PowerCurveService } from '../dist/power-curve/power-curve.service.js';
import { RidePowerCurveEntity } from '../dist/power-curve/ride-power-curve.entity.js';
import { RiderProfileEntity } from '../dist/rider/rider-profile.entity.js';
import { RiderProfileRepository } from '../dist/rider/rider-profile.repository.js';
import { RideStreamsEntity } from '../dist/rides/ride-streams.entity.js';
import { RideEntity } from '../dist/rides/ride.entity.js';
import { DailyLoadEntity } from '../dist/training/daily-load.entity.js';
import { TrainingRepository } from '../dist/training/training.repository.js';
import { TrainingService } from '../dist/training/training.service.js';

/** Issue 22's budgets, ms (server time, p50). */
export const TRAINING_BUDGETS_MS = { loadSeries: 20, yearCurve: 50, incremental: 5 };

const USER = '00000000-0000-4000-8000-00000000b22b';

/** 10,000 rides every 14 hours up to an hour ago; TSS 30-150; a power curve on two rides in three. */
const seed = async (url, rides) => {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO rides.rides (user_id, source, external_id, sport_type, start_date, moving_time_s, elapsed_time_s,
         device_watts, average_heartrate, metrics, streams_fetched_at)
       SELECT $1, 'strava', 'bench-' || i, 'Ride', now() - interval '1 hour' - i * interval '14 hours',
         2400 + (i * 37) % 7200, 2400 + (i * 37) % 7200, i % 3 <> 0, 140,
         jsonb_build_object('trainingStressScore', 30 + (i * 53) % 120, 'lthr', 165), now()
       FROM generate_series(0, $2::int - 1) AS i`,
      [USER, rides],
    );
    // the curves a rider's rides would have stored: falling with duration, up to the ride's length
    await db.query(
      `INSERT INTO rides.ride_power_curves (ride_id, user_id, start_date, streams_fetched_at, watts)
       SELECT r.id, r.user_id, r.start_date, r.streams_fetched_at,
         (SELECT jsonb_agg(round((250 + 18000.0 / d + (hashtext(r.id::text || d) % 40))::numeric, 1) ORDER BY k)
          FROM unnest($2::int[]) WITH ORDINALITY AS c(d, k) WHERE d <= r.moving_time_s)
       FROM rides.rides r WHERE r.user_id = $1 AND r.device_watts`,
      [USER, [...POWER_CURVE_SECONDS]],
    );
    await db.query(
      `INSERT INTO rides.rider_profiles (user_id, weight_kg, time_zone) VALUES ($1, 72, 'UTC')`,
      [USER],
    );
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
};

/** Runs the measurements for `userId` on a migrated, seeded database; answers the table's rows. */
export const measureTraining = async (dataSource, { userId = USER, samples = 100 } = {}) => {
  const repo = (entity) => dataSource.getRepository(entity);
  const profiles = new RiderProfileRepository(repo(RiderProfileEntity));
  const training = new TrainingService(
    new TrainingRepository(repo(RideEntity), repo(DailyLoadEntity)),
    profiles,
    null,
    null,
  );
  const curves = new PowerCurveService(
    new PowerCurveRepository(repo(RideEntity), repo(RideStreamsEntity), repo(RidePowerCurveEntity)),
    profiles,
  );
  const trainingRepository = new TrainingRepository(repo(RideEntity), repo(DailyLoadEntity));
  const rebuild = await measure(
    async () => {
      await dataSource.transaction((manager) => trainingRepository.invalidate(manager, userId));
      await trainingRepository.rebuild(userId, 'UTC');
    },
    Math.min(samples, 10),
  );
  const loadSeries = await measure(() => training.loadSeries(userId, 'pro', {}), samples);
  const days = (await training.loadSeries(userId, 'pro', {})).length;
  const yearCurve = await measure(() => curves.curve(userId, 'pro', {}), samples);
  const points = (await curves.curve(userId, 'pro', {})).points.length;
  const rideStart = new Date(Date.now() - 3 * 3600_000);
  const incremental = await measure(
    () => dataSource.transaction((manager) => training.onRideChanged(manager, userId, rideStart)),
    samples,
  );
  return [
    ['full-history load series', `${days} days`, loadSeries, TRAINING_BUDGETS_MS.loadSeries],
    ['power curve over a year', `${points} durations`, yearCurve, TRAINING_BUDGETS_MS.yearCurve],
    ["import's incremental update", 'one day recomputed', incremental, TRAINING_BUDGETS_MS.incremental],
    ['daily loads rebuilt from the rides (first read)', 'information', rebuild, null],
  ];
};

/** A scratch database with one `rides`-ride rider, measured: answers measureTraining's rows. */
export const runTrainingBench = async ({ rides = 10_000, samples = 100 } = {}) => {
  const database = await createScratchDatabase('bench_training');
  const dataSource = createServiceDataSource({ ...ridesDatabase, url: database.url, schema: 'rides' });
  try {
    await dataSource.initialize();
    await migrateSchema(dataSource, 'rides');
    await seed(database.url, rides);
    return await measureTraining(dataSource, { samples });
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await dropScratchDatabase(database.name);
  }
};

const main = async () => {
  const rides = numberArg('rides', 10_000);
  const samples = numberArg('samples', 100);
  const rows = await runTrainingBench({ rides, samples });
  console.log(
    `\nTraining load and power curve, one rider with ${rides} rides (server time, ${samples} samples)\n`,
  );
  console.log('| measure | size | p50 | p99 | budget | verdict |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [what, size, { p50, p99 }, budget] of rows)
    console.log(
      `| ${what} | ${size} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms | ${budget === null ? '-' : `${budget} ms`} | ${
        budget === null ? '-' : p50 <= budget ? 'met' : '**missed**'
      } |`,
    );
};

if (isEntry(import.meta.url)) await main();
