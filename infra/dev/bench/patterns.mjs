// The `patterns` section: the round-trip time of one question between services over its message
// pattern (@nestjs/microservices on Redis), p50 and p99, with the caller's whole work (request check,
// signing, answer check). The internal HTTP routes these replaced are gone; their figures, measured
// side by side in the same run before they were removed, are in docs/benchmarks.md.
import { PatternClient } from '@domestique/common';
import { Patterns } from '@domestique/proto';
import { measureSideBySide } from './clients.mjs';

const ms = (value) => `${value.toFixed(1)} ms`;

/** A pattern client of the bench's stack, as `caller`. */
const clientAs = (env, caller) =>
  new PatternClient({
    caller,
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    secret: env.INTERNAL_JWT_SECRET,
  });

/**
 * One row per question: the analysis's read of a typical rider's latest ride (what every analysis
 * waits for before it is queued), and the admin dashboard's tier counts (a small answer: mostly the
 * transport, signing and checks).
 */
export const patternsSection = async ({ env, pool, samples, row }) => {
  const analysis = clientAs(env, 'analysis');
  const admin = clientAs(env, 'admin');
  try {
    // a typical seeded rider (not the heavy one): the one with the median number of rides
    const { rows } = await pool.query(
      `SELECT user_id, (array_agg(id ORDER BY start_date DESC))[1] AS ride_id, count(*) AS rides
         FROM rides.rides GROUP BY user_id ORDER BY count(*) LIMIT 1
         OFFSET (SELECT count(DISTINCT user_id) / 2 FROM rides.rides)`,
    );
    const [{ user_id: userId, ride_id: rideId, rides }] = rows;
    const questions = [
      {
        what: `${Patterns.analysisContextRide.name} (a rider with ${rides} rides)`,
        ask: () => analysis.send(Patterns.analysisContextRide, { userId, rideId }),
        budgetMs: 100,
      },
      {
        what: Patterns.adminTierCounts.name,
        ask: () => admin.send(Patterns.adminTierCounts, {}),
        budgetMs: 5,
      },
    ];
    for (const { what, ask, budgetMs } of questions) {
      const [{ p50, p99 }] = await measureSideBySide([ask], samples);
      row(
        'message patterns',
        `one question: ${what}`,
        `p50 ${ms(p50)} p99 ${ms(p99)}`,
        `p50 <= ${budgetMs} ms`,
        p50 <= budgetMs,
      );
    }
  } finally {
    await Promise.all([analysis.close(), admin.close()]);
  }
};
