// Scale data for the benchmark, written in bulk SQL straight into the services' tables of a fresh
// database: riders in auth.users (one password hash, computed once by the auth service, reused) and
// rides in rides.rides (generate_series over a set of simulated rides with streams-derived metrics).
import { sampleRides } from './ride-samples.mjs';

const SAMPLE_COLUMNS = [
  ['name', 'text'],
  ['sport_type', 'text'],
  ['distance_m', 'double precision'],
  ['moving_time_s', 'integer'],
  ['elapsed_time_s', 'integer'],
  ['total_elevation_gain_m', 'double precision'],
  ['average_speed_mps', 'double precision'],
  ['average_watts', 'double precision'],
  ['weighted_average_watts', 'double precision'],
  ['max_watts', 'double precision'],
  ['device_watts', 'boolean'],
  ['average_heartrate', 'double precision'],
  ['max_heartrate', 'double precision'],
  ['average_cadence', 'double precision'],
  ['trainer', 'boolean'],
  ['commute', 'boolean'],
  ['best20_minute_power', 'double precision'],
  ['best20_minute_heartrate', 'double precision'],
  ['metrics', 'jsonb'],
];

/**
 * Inserts `counts[n]` rides for `userIds[n]`, one every `spacingHours` back from now (the newest an
 * hour ago), cycling through the sample rides; `salt` varies the order per rider.
 */
const insertRides = (db, samples, userIds, counts, spacingHours) =>
  db.query(
    `WITH sample AS (
       SELECT row_number() OVER () - 1 AS k, s.*
       FROM jsonb_to_recordset($1::jsonb) AS s(${SAMPLE_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})
     ), n AS (SELECT count(*) AS total FROM sample)
     INSERT INTO rides.rides (user_id, source, external_id, start_date, time_zone, streams_fetched_at,
       ${SAMPLE_COLUMNS.map(([c]) => c).join(', ')})
     SELECT u.id, 'strava', 'bench-' || i, now() - interval '1 hour' - (i * $4::float8) * interval '1 hour',
       'UTC', now(), ${SAMPLE_COLUMNS.map(([c]) => `s.${c}`).join(', ')}
     FROM unnest($2::uuid[], $3::int[]) WITH ORDINALITY AS u(id, rides, salt)
     CROSS JOIN LATERAL generate_series(0, u.rides - 1) AS i
     CROSS JOIN n
     JOIN sample s ON s.k = (i + u.salt) % n.total`,
    [JSON.stringify(samples), userIds, counts, spacingHours],
  );

/**
 * Seeds `riders` riders (the heavy one, already registered through the API, plus riders - 1 more)
 * and `totalRides` rides: `heavyRides` for the heavy rider, the rest spread evenly over the others.
 * Answers the counts and the time it took.
 */
export const seedScale = async (
  db,
  { heavyUserId, riders = 1000, heavyRides = 10_000, totalRides = 200_000 },
) => {
  const started = performance.now();
  const samples = sampleRides(64);
  const others = riders - 1;
  const perOther = Math.floor((totalRides - heavyRides) / others);
  const leftover = totalRides - heavyRides - perOther * others;
  const { rows } = await db.query(
    `INSERT INTO auth.users (email, password_hash, first_name, last_name, subscription_tier)
     SELECT 'bench-rider-' || i || '@example.com', h.password_hash, 'Rider', 'No. ' || i,
            (ARRAY['free', 'pro', 'elite'])[1 + i % 3]
     FROM generate_series(1, $2::int) AS i,
          (SELECT password_hash FROM auth.users WHERE id = $1) AS h
     RETURNING id`,
    [heavyUserId, others],
  );
  const otherIds = rows.map((row) => row.id);
  // the heavy rider rides every ~14 hours (10,000 rides over 16 years), the others twice a week
  await insertRides(db, samples, [heavyUserId], [heavyRides], 14);
  const batch = 100;
  for (let from = 0; from < otherIds.length; from += batch) {
    const ids = otherIds.slice(from, from + batch);
    const counts = ids.map((_, n) => perOther + (from + n < leftover ? 1 : 0));
    await insertRides(db, samples, ids, counts, 84);
  }
  await db.query('VACUUM ANALYZE rides.rides');
  await db.query('VACUUM ANALYZE auth.users');
  const { rows: counts } = await db.query(
    `SELECT (SELECT count(*) FROM auth.users)::int AS riders, (SELECT count(*) FROM rides.rides)::int AS rides,
            (SELECT count(*) FROM rides.rides WHERE user_id = $1)::int AS heavy`,
    [heavyUserId],
  );
  return { ...counts[0], seconds: (performance.now() - started) / 1000 };
};
