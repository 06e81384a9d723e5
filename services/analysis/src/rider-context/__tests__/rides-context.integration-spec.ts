import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DomainException, type PatternClient } from '@domestique/common';
import { testPatternClient, testPatternConfig } from '@domestique/common/testing';
import { randomUUID } from 'node:crypto';
import { FakeRidesContext } from '../../test/fake-rides-context.js';
import { RidesContextClient } from '../rides-context.client.js';

jest.setTimeout(30_000);

/** How long these tests let a question wait (the real patterns wait 10 s). */
const TIMEOUT_MS = 600;

const failureOf = async (call: Promise<unknown>): Promise<{ status: number; message: string }> => {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DomainException)) throw new Error(`expected a domain error, got ${String(error)}`);
  return { status: error.status, message: error.message };
};

/** The analysis service asks the rides service for a ride's facts over its message pattern on Redis. */
describe('analysis: rides context over the rides.analysis-context patterns', () => {
  let rides: FakeRidesContext;
  let patterns: PatternClient;
  let client: RidesContextClient;

  beforeAll(async () => {
    rides = await new FakeRidesContext().start();
    patterns = testPatternClient(testPatternConfig(), 'analysis', TIMEOUT_MS);
    client = new RidesContextClient(patterns);
  });
  afterAll(async () => {
    await patterns.close();
    await rides.close();
  });

  it('answers the ride’s facts with the tier of the caller’s identity, and the rider’s facts for the coach', async () => {
    const userId = randomUUID();
    const rideId = rides.addRide(userId, 'Tempo Tuesday');
    const input = await client.forRide(userId, rideId, 'pro');
    expect(input.ride).toMatchObject({ id: rideId, name: 'Tempo Tuesday' });
    expect(input.rider.tier).toBe('pro');
    const coach = await client.forRider(userId, 'elite');
    expect(coach.rider.tier).toBe('elite');
    expect(coach.recentRides.map((ride) => ride.id)).toEqual([rideId]);
  });

  it('passes the responder’s 404 through for a ride that is not the rider’s', async () => {
    const rideId = rides.addRide(randomUUID());
    expect(await failureOf(client.readRide(randomUUID(), rideId))).toEqual({
      status: 404,
      message: 'Ride not found',
    });
  });

  it('answers 503 within its timeout when the rides service does not answer, and recovers once it does', async () => {
    const userId = randomUUID();
    const rideId = rides.addRide(userId);
    await rides.close();
    try {
      const started = performance.now();
      expect(await failureOf(client.readRide(userId, rideId))).toEqual({
        status: 503,
        message: 'Service temporarily unavailable. Please try again.',
      });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_000);
    } finally {
      await rides.start();
    }
    expect((await client.readRide(userId, rideId)).ride.id).toBe(rideId);
  });

  it('gives up on a late answer, and never hands it to a later question', async () => {
    const userId = randomUUID();
    const late = rides.addRide(userId, 'Late Ride');
    const next = rides.addRide(userId, 'Next Ride');
    let releaseLate!: () => void;
    let releaseNext!: () => void;
    rides.held.set(late, new Promise((resolve) => (releaseLate = resolve)));
    rides.held.set(next, new Promise((resolve) => (releaseNext = resolve)));
    expect((await failureOf(client.readRide(userId, late))).status).toBe(503);
    // the next question is waiting when the late answer arrives on the same reply channel
    const answer = client.readRide(userId, next);
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseLate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseNext();
    const facts = await answer;
    expect(facts.ride).toMatchObject({ id: next, name: 'Next Ride' });
    expect(rides.calls.get(late)).toBe(1);
    expect(rides.calls.get(next)).toBe(1);
  });

  it('is answered by one replica when two listen (pub/sub hands each question to both)', async () => {
    const replica = await new FakeRidesContext().start();
    try {
      const userId = randomUUID();
      const rideIds = Array.from({ length: 10 }, () => rides.addRide(userId));
      for (const id of rideIds) replica.addRide(userId, 'Saturday Loop', id);
      for (const id of rideIds) expect((await client.readRide(userId, id)).ride.id).toBe(id);
      for (const id of rideIds) expect((rides.calls.get(id) ?? 0) + (replica.calls.get(id) ?? 0)).toBe(1);
    } finally {
      await replica.close();
    }
  });
});
