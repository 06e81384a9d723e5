import { Injectable } from '@nestjs/common';
import { RideFeedbackRepository, toFeedbackDto, type StoredFeedbackDto } from './ride-feedback.repository.js';

interface Batch {
  userId: string;
  rideIds: Set<string>;
  started: boolean;
  result: Promise<Map<string, StoredFeedbackDto>>;
}

/**
 * Loads the feedback of every ride a GraphQL request asks for with one query: the gateway sends
 * all of a page's rides in one entities call, and their fields resolve within one turn of the
 * event loop, so the ids collected until then are read together.
 */
@Injectable()
export class FeedbackBatchLoader {
  private readonly batches = new WeakMap<object, Batch>();

  constructor(private readonly feedback: RideFeedbackRepository) {}

  async load(request: object, userId: string, rideId: string): Promise<StoredFeedbackDto | null> {
    let batch = this.batches.get(request);
    if (!batch || batch.started || batch.userId !== userId) {
      const fresh: Batch = { userId, rideIds: new Set(), started: false, result: Promise.resolve(new Map()) };
      fresh.result = new Promise((resolve) => setImmediate(resolve)).then(async () => {
        fresh.started = true;
        const rows = await this.feedback.findManyForUser(userId, [...fresh.rideIds]);
        return new Map(rows.map((row) => [row.rideId, toFeedbackDto(row)]));
      });
      this.batches.set(request, fresh);
      batch = fresh;
    }
    batch.rideIds.add(rideId);
    return (await batch.result).get(rideId) ?? null;
  }
}
