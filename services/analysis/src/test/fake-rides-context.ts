import { randomUUID } from 'node:crypto';
import { answerPattern, notFound, PatternServer, unavailable, type PatternHandler } from '@domestique/common';
import { testPatternConfig } from '@domestique/common/testing';
import { Patterns, RideAnalysisContext, RiderCoachContext, type PatternDefinition } from '@domestique/proto';
import { newGoal, newHistory, newRide, newRider } from '../engine/__tests__/ride-input.factory.js';
import type { RideFacts, RiderFacts } from '../engine/ride-analysis-input.js';

/**
 * The rides service's analysis-context patterns, for analysis tests, on the run's Redis prefix:
 * riders own rides, a ride can be made to fail (a 503) or be held (answered once a promise settles),
 * and every question is counted. Only the analysis service's signed identity is answered, as the
 * real responder does (the same answerPattern).
 */
export class FakeRidesContext {
  private server: PatternServer | undefined;
  private readonly rides = new Map<string, { userId: string; name: string }>();
  /** a ride's recomputed metrics and the rider's thresholds they were computed with, by ride id */
  private readonly recomputed = new Map<string, { ride: Partial<RideFacts>; rider: Partial<RiderFacts> }>();
  readonly failing = new Set<string>();
  /** rides whose facts, read when asked, are answered only once the promise settles */
  readonly held = new Map<string, Promise<void>>();
  readonly calls = new Map<string, number>();

  /** Starts answering on the run's Redis and prefix (those of the services under test). */
  async start(overrides: Record<string, string> = {}): Promise<this> {
    const { REDIS_URL, REDIS_PREFIX, INTERNAL_JWT_SECRET: secret } = testPatternConfig(overrides);
    const server = new PatternServer({ redisUrl: REDIS_URL, prefix: REDIS_PREFIX });
    const answer = <P extends PatternDefinition>(pattern: P, handle: PatternHandler<P>) =>
      server.addHandler(pattern.name, (message: unknown) =>
        answerPattern(pattern, message, handle, { secret }),
      );
    answer(Patterns.analysisContextRide, ({ userId, rideId }) => this.rideFacts(userId, rideId));
    answer(Patterns.analysisContextRider, ({ userId }) => this.riderContext(userId));
    await new Promise<void>((resolve, reject) => {
      void server.listen((error?: unknown) => (error ? reject(error as Error) : resolve()));
    });
    this.server = server;
    return this;
  }

  /** Stops answering (a stopped rides service). */
  async close(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  /** A new ride of `userId` (a given id: the same ride in another replica); answers its id. */
  addRide(userId: string, name = 'Saturday Loop', id: string = randomUUID()): string {
    this.rides.set(id, { userId, name });
    return id;
  }

  /** From now on the ride's facts carry these metrics and thresholds (as after a new FTP). */
  recompute(rideId: string, ride: Partial<RideFacts>, rider: Partial<RiderFacts>): void {
    this.recomputed.set(rideId, { ride, rider });
  }

  private async rideFacts(userId: string, rideId: string): Promise<RideAnalysisContext> {
    this.calls.set(rideId, (this.calls.get(rideId) ?? 0) + 1);
    if (this.failing.has(rideId)) throw unavailable();
    const known = this.rides.get(rideId);
    if (!known || known.userId !== userId) throw notFound('Ride not found');
    const context = this.rideContext(rideId, known.name);
    await this.held.get(rideId);
    return context;
  }

  /** The rider's own rides, newest first, with realistic summaries. */
  private history(userId: string) {
    const owned = [...this.rides.entries()].filter(([, r]) => r.userId === userId);
    return newHistory(owned.length, { before: new Date().toISOString() }).map((summary, i) => ({
      ...summary,
      id: owned[i]![0],
      name: owned[i]![1].name,
    }));
  }

  private rideContext(rideId: string, name: string): RideAnalysisContext {
    const recomputed = this.recomputed.get(rideId);
    const { tier: _tier, ...rider } = newRider(recomputed?.rider);
    return RideAnalysisContext.parse({
      ride: { ...newRide({ name, ...recomputed?.ride }), id: rideId },
      rider,
      recentRides: newHistory(8).map((summary) => ({ ...summary, id: randomUUID() })),
      goals: [newGoal()],
    });
  }

  private riderContext(userId: string): RiderCoachContext {
    const { tier: _tier, ...rider } = newRider();
    return RiderCoachContext.parse({
      rider,
      recentRides: this.history(userId),
      goals: [newGoal()],
      trends: {
        weeks: Array.from({ length: 12 }, (_, i) => ({
          date: new Date(Date.now() - (11 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
          power: 180 + i,
          heartRate: 140,
          cadence: 86,
        })),
        improvements: { powerImprovement: 4.6, heartRateEfficiency: 3.1, cadenceConsistency: null },
      },
    });
  }
}
