import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, DomainException, JobQueue, notFound, unavailable } from '@domestique/common';
import {
  AnalysisErrorCode,
  AnalysisMessages,
  QUEUES,
  type AiFeedbackDto,
  type Tier,
} from '@domestique/proto';
import type { Job } from 'bullmq';
import type { AnalysisConfig } from '../config/env.schema.js';
import { MonthlyAnalysisQuotaService } from '../quota/monthly-analysis-quota.service.js';
import { rideAnalysisJobId, type RideAnalysisOutcome } from './ride-analysis-outcome.js';
import { RideFeedbackRepository, toFeedbackDto } from './ride-feedback.repository.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polling starts fast (an engine analysis takes milliseconds) and slows down for the LLM. */
const pollDelay = (elapsedMs: number) => (elapsedMs < 2000 ? 25 : 250);

/** `POST /api/rides/{id}/ai-feedback` and `/analyze`: the API side of a ride's analysis. */
@Injectable()
export class RideFeedbackService {
  constructor(
    @Inject(CONFIG) private readonly config: AnalysisConfig,
    private readonly jobs: JobQueue,
    private readonly feedback: RideFeedbackRepository,
    private readonly quota: MonthlyAnalysisQuotaService,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.rideAnalysis);
  }

  /**
   * Answers the ride's feedback: the stored one again (no quota spent), or a fresh analysis. The
   * analysis runs on the worker as one job per rider and ride, so double clicks and concurrent
   * requests share it; this waits for it up to ANALYSIS_WAIT_MS.
   */
  async analyse(userId: string, tier: Tier, rideId: string): Promise<AiFeedbackDto> {
    const existing = await this.feedback.findForUser(userId, rideId);
    if (existing) return toFeedbackDto(existing);
    await this.quota.assertCanAnalyse(userId, tier);
    const job = await this.start(userId, tier, rideId);
    const outcome = await this.waitFor(job.id!);
    const stored = await this.feedback.findForUser(userId, rideId);
    if (stored) return toFeedbackDto(stored);
    switch (outcome?.outcome) {
      case 'limit-reached':
        throw this.quota.limitReached();
      case 'ride-not-found':
        throw notFound(AnalysisMessages.rideNotFound, AnalysisErrorCode.RideNotFound);
      case 'analysed':
      case 'existing':
      case undefined:
        throw new DomainException(AnalysisErrorCode.AnalysisFailed, AnalysisMessages.analysisFailed, 502);
    }
  }

  /** Queues the analysis, or joins the one queued or running; a finished job is replaced. */
  private async start(userId: string, tier: Tier, rideId: string): Promise<Job> {
    const jobId = rideAnalysisJobId(userId, rideId);
    const current = await this.queue.getJob(jobId);
    if (current) {
      const state = await current.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return current;
      await current.remove().catch(() => undefined);
    }
    return this.jobs.enqueue(
      'ride-analysis.analyse',
      { userId, rideId, tier },
      { jobId, attempts: this.config.ANALYSIS_ATTEMPTS },
    );
  }

  /** The job's outcome once it finished; a failed job is a 502, a job still running at the bound a 503. */
  private async waitFor(jobId: string): Promise<RideAnalysisOutcome | undefined> {
    const started = Date.now();
    for (;;) {
      const job = await this.queue.getJob(jobId);
      // gone: finished and replaced by a newer request's job, whose result is in the database
      if (!job) return undefined;
      const state = await job.getState();
      if (state === 'completed') {
        // the snapshot above may predate the completion: read the result again
        const finished = await this.queue.getJob(jobId);
        return finished?.returnvalue as RideAnalysisOutcome | undefined;
      }
      if (state === 'failed')
        throw new DomainException(AnalysisErrorCode.AnalysisFailed, AnalysisMessages.analysisFailed, 502);
      const elapsed = Date.now() - started;
      if (elapsed >= this.config.ANALYSIS_WAIT_MS)
        throw unavailable(AnalysisMessages.analysisTimedOut, AnalysisErrorCode.AnalysisFailed);
      await sleep(pollDelay(elapsed));
    }
  }
}
