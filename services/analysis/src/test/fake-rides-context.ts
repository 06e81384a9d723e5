import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { verifyIdentity } from '@domestique/common';
import { TEST_INTERNAL_SECRET } from '@domestique/common/testing';
import { INTERNAL_HEADERS, RideAnalysisContext, RiderCoachContext } from '@domestique/proto';
import { newGoal, newHistory, newRide, newRider } from '../engine/__tests__/ride-input.factory.js';
import type { RideFacts, RiderFacts } from '../engine/ride-analysis-input.js';

/**
 * The rides service's internal analysis-context endpoints, for analysis tests: riders own rides,
 * a ride can be made to fail (500), and every call is counted. Only a signed system identity is
 * answered, as the real endpoint does.
 */
export class FakeRidesContext {
  private server: Server | undefined;
  private readonly rides = new Map<string, { userId: string; name: string }>();
  /** a ride's recomputed metrics and the rider's thresholds they were computed with, by ride id */
  private readonly recomputed = new Map<string, { ride: Partial<RideFacts>; rider: Partial<RiderFacts> }>();
  readonly failing = new Set<string>();
  /** rides whose facts, read when asked, are answered only once the promise settles */
  readonly held = new Map<string, Promise<void>>();
  readonly calls = new Map<string, number>();
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.answer(req.url ?? '', String(req.headers[INTERNAL_HEADERS.identity] ?? '')).then(
        ([status, body]) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new ride of `userId`; answers its id. */
  addRide(userId: string, name = 'Saturday Loop'): string {
    const id = randomUUID();
    this.rides.set(id, { userId, name });
    return id;
  }

  /** From now on the ride's facts carry these metrics and thresholds (as after a new FTP). */
  recompute(rideId: string, ride: Partial<RideFacts>, rider: Partial<RiderFacts>): void {
    this.recomputed.set(rideId, { ride, rider });
  }

  private async answer(path: string, token: string): Promise<[number, unknown]> {
    try {
      const identity = await verifyIdentity(token, TEST_INTERNAL_SECRET);
      if (identity.role !== 'system') return [403, { message: 'Forbidden' }];
    } catch {
      return [401, { message: 'Authentication required' }];
    }
    const ride = /^\/internal\/analysis-context\/users\/([^/]+)\/rides\/([^/]+)$/.exec(path);
    if (ride) {
      const [, userId, rideId] = ride as unknown as [string, string, string];
      this.calls.set(rideId, (this.calls.get(rideId) ?? 0) + 1);
      if (this.failing.has(rideId)) return [500, { message: 'Something went wrong. Please try again.' }];
      const known = this.rides.get(rideId);
      if (!known || known.userId !== userId) return [404, { message: 'Ride not found' }];
      const context = this.rideContext(rideId, known.name);
      await this.held.get(rideId);
      return [200, context];
    }
    const rider = /^\/internal\/analysis-context\/users\/([^/]+)$/.exec(path);
    if (rider) return [200, this.riderContext(rider[1]!)];
    return [404, { message: 'Not found' }];
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
