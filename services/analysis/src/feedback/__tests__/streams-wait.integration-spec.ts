import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eventually, startTestWorker, type TestWorker } from '@domestique/common/testing';
import { JobQueue } from '@domestique/common';
import { QUEUES, RideAnalysisContext } from '@domestique/proto';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AnalysisConfig } from '../../config/env.schema.js';
import { newGoal, newHistory, newRide, newRider } from '../../engine/__tests__/ride-input.factory.js';
import { RidesContextClient, withTier } from '../../rider-context/rides-context.client.js';
import { analysisService } from '../../service.js';
import { rideAnalysisJobId } from '../ride-analysis-outcome.js';

jest.setTimeout(60_000);

const WAIT_BOUND_MS = 5000;

/** A ride's facts as the rides service answers them, with its streams pending or in. */
const contextOf = (rideId: string, streamsPending: boolean): RideAnalysisContext => {
  const { tier: _tier, ...rider } = newRider();
  return RideAnalysisContext.parse({
    ride: { ...newRide({ name: 'Fresh Loop' }), id: rideId, streamsPending },
    rider,
    recentRides: newHistory(4).map((summary) => ({ ...summary, id: randomUUID() })),
    goals: [newGoal()],
  });
};

/** An analysis of a ride whose streams are still being fetched (worker, real PostgreSQL and Redis). */
describe('analysis: waiting for a ride’s pending streams', () => {
  let worker: TestWorker<AnalysisConfig>;
  let db: DataSource;
  /** rides whose streams are still pending, as the (stubbed) rides service answers */
  const pending = new Set<string>();

  beforeAll(async () => {
    worker = await startTestWorker(analysisService, {
      ANALYSIS_ATTEMPTS: '1',
      ANALYSIS_STREAMS_WAIT_MS: String(WAIT_BOUND_MS),
    });
    db = worker.context.get(DataSource);
    // the rides service's answer (its transport is not what this tests)
    jest
      .spyOn(worker.context.get(RidesContextClient), 'forRide')
      .mockImplementation(async (_userId, rideId, tier) =>
        withTier(contextOf(rideId, pending.has(rideId)), tier),
      );
  });
  afterAll(async () => {
    await worker?.close();
  });

  const analyse = async (userId: string, rideId: string): Promise<Job> =>
    worker.context
      .get(JobQueue)
      .enqueue(
        'ride-analysis.analyse',
        { userId, rideId, tier: 'pro', context: contextOf(rideId, true) },
        { jobId: rideAnalysisJobId(userId, rideId) },
      );
  const finished = (job: Job) =>
    eventually(
      async () => {
        const current = await worker.context.get(JobQueue).queue(QUEUES.rideAnalysis).getJob(job.id!);
        return (await current?.getState()) === 'completed' ? current : undefined;
      },
      30_000,
      200,
    );
  const streamsWanted = async (rideId: string): Promise<number> =>
    Number(
      (
        await db.query(
          `SELECT count(*)::int AS n FROM analysis.outbox_events WHERE name = 'ride.streams-wanted' AND payload->>'rideId' = $1`,
          [rideId],
        )
      )[0].n,
    );
  const feedbackOf = (userId: string, rideId: string) =>
    db.query('SELECT summary FROM analysis.ride_feedback WHERE user_id = $1 AND ride_id = $2', [
      userId,
      rideId,
    ]);

  it('asks for the streams once, waits for them, then analyses the ride’s fresh facts', async () => {
    const userId = randomUUID();
    const rideId = randomUUID();
    pending.add(rideId);
    const job = await analyse(userId, rideId);
    await eventually(async () => ((await streamsWanted(rideId)) === 1 ? true : undefined), 10_000, 100);
    // still waiting a moment later: no feedback without the streams
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await feedbackOf(userId, rideId)).toEqual([]);
    pending.delete(rideId);
    const done = await finished(job);
    expect(done!.returnvalue).toEqual({ outcome: 'analysed' });
    expect(done!.finishedOn! - done!.timestamp).toBeLessThan(WAIT_BOUND_MS + 3000);
    expect(await feedbackOf(userId, rideId)).toHaveLength(1);
    expect(await streamsWanted(rideId)).toBe(1);
  });

  it('analyses without the streams once the bound has passed', async () => {
    const userId = randomUUID();
    const rideId = randomUUID();
    pending.add(rideId);
    const job = await analyse(userId, rideId);
    const done = await finished(job);
    expect(done!.returnvalue).toEqual({ outcome: 'analysed' });
    expect(done!.finishedOn! - done!.timestamp).toBeGreaterThanOrEqual(WAIT_BOUND_MS);
    expect(await feedbackOf(userId, rideId)).toHaveLength(1);
    expect(await streamsWanted(rideId)).toBe(1);
  });
});
