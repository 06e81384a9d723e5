import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { PatternClient } from '@domestique/common';
import { expectedRefusals, patternRefusals, testPatternClient } from '@domestique/common/testing';
import { Patterns } from '@domestique/proto';
import { randomUUID } from 'node:crypto';
import { newUserId, startHarness, type RidesHarness } from '../../test/rides-harness.js';

jest.setTimeout(60_000);

/** The admin user list's ride and feedback totals, one question per batch of users. */
describe('rides: admin ride counts pattern (the admin service’s signed identity only)', () => {
  let harness: RidesHarness;
  let admin: PatternClient;

  beforeAll(async () => {
    harness = await startHarness({ athletes: [{ activities: 1 }], worker: false });
    admin = testPatternClient(harness.api.config, 'admin');
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await harness?.close();
  });

  /** `feedback` of the user's `rides` rides have AI feedback. */
  const seedRides = async (userId: string, rides: number, feedback: number) => {
    for (let i = 0; i < rides; i += 1)
      await harness.db.query(
        `INSERT INTO rides.rides (user_id, source, external_id, sport_type, start_date, has_ai_feedback)
         VALUES ($1, 'strava', $2, 'Ride', now() - make_interval(days => $3), $4)`,
        [userId, randomUUID(), i, i < feedback],
      );
  };

  it('answers each user’s rides and rides with feedback, leaving out users without rides', async () => {
    const [busy, light, none] = [newUserId(), newUserId(), newUserId()];
    await seedRides(busy, 3, 2);
    await seedRides(light, 1, 0);
    const { counts } = await admin.send(Patterns.adminRideCounts, { userIds: [busy, light, none] });
    expect(counts.sort((a, b) => b.totalRides - a.totalRides)).toEqual([
      { userId: busy, totalRides: 3, totalAiFeedback: 2 },
      { userId: light, totalRides: 1, totalAiFeedback: 0 },
    ]);
  });

  it('refuses unsigned, forged, riders’ and other services’ identities, and invalid requests', async () => {
    expect(
      await patternRefusals(harness.api.config, Patterns.adminRideCounts, {
        payload: { userIds: [newUserId()] },
        invalidPayload: { userIds: ['not-a-user'] },
      }),
    ).toEqual(expectedRefusals('Invalid UUID'));
  });
});
