import { Injectable } from '@nestjs/common';
import { JobQueue } from '@domestique/common';
import { QUEUES } from '@domestique/proto';
import type { EntityManager } from 'typeorm';
import { rideRewriteJobId } from './ride-analysis-outcome.js';
import { RideFeedbackRepository } from './ride-feedback.repository.js';

/** States in which a queued rewrite has not read the ride yet, so it will read the newest metrics. */
const NOT_STARTED = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Outdated feedback: when a ride's metrics change, its feedback is marked outdated and a rewrite
 * is queued (free: it spends no analysis). Repeated changes while a rewrite waits join it; a change
 * while one runs gets a new mark and a rewrite of its own, so the newest metrics are always written.
 */
@Injectable()
export class RideFeedbackRewriteService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly feedback: RideFeedbackRepository,
  ) {}

  /** Within the event's transaction; does nothing for a ride without feedback. */
  async markOutdated(manager: EntityManager, userId: string, rideId: string): Promise<void> {
    const current = await this.feedback.lockForChange(manager, userId, rideId);
    if (!current) return;
    if (current.outdatedAt && (await this.waiting(rideRewriteJobId(userId, rideId, current.outdatedAt))))
      return;
    const mark = await this.feedback.markOutdated(manager, userId, rideId);
    // the row stays locked until the event's transaction commits: the rewrite waits for the new mark
    await this.jobs.enqueue(
      'ride-analysis.analyse',
      // feedback written before the plan was kept is rewritten as for a free rider (the plan spends nothing here)
      { userId, rideId, tier: current.tier ?? 'free', regenerate: true },
      { jobId: rideRewriteJobId(userId, rideId, mark) },
    );
  }

  private async waiting(jobId: string): Promise<boolean> {
    const state = await this.jobs.queue(QUEUES.rideAnalysis).getJobState(jobId);
    return NOT_STARTED.has(state);
  }
}
