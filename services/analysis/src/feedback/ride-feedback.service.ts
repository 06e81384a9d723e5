import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, DomainException, JobQueue, notFound, unavailable } from '@domestique/common';
import {
  AnalysisErrorCode,
  AnalysisMessages,
  QUEUES,
  type RideAnalysisContext,
  type Tier,
} from '@domestique/proto';
import type { Job } from 'bullmq';
import type { AnalysisConfig } from '../config/env.schema.js';
import { MonthlyAnalysisQuotaService } from '../quota/monthly-analysis-quota.service.js';
import { RidesContextClient } from '../rider-context/rides-context.client.js';
import { rideAnalysisJobId, type RideAnalysisOutcome } from './ride-analysis-outcome.js';
import { RideFeedbackRepository, toFeedbackDto, type StoredFeedbackDto } from './ride-feedback.repository.js';

/** `POST /api/rides/{id}/ai-feedback` and `/analyze`: the API side of a ride's analysis. */
@Injectable()
export class RideFeedbackService {
  constructor(
    @Inject(CONFIG) private readonly config: AnalysisConfig,
    private readonly jobs: JobQueue,
    private readonly feedback: RideFeedbackRepository,
    private readonly quota: MonthlyAnalysisQuotaService,
    private readonly rides: RidesContextClient,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.rideAnalysis);
  }

  /**
   * Answers the ride's feedback: the stored one again (no quota spent), or a fresh analysis. The
   * ride's facts are read first, so a ride that is not the rider's is a 404 before anything is
   * queued. The analysis runs on the worker as one job per rider and ride, so double clicks and
   * concurrent requests share it; this waits for its completion event up to ANALYSIS_WAIT_MS.
   */
  async analyse(userId: string, tier: Tier, rideId: string): Promise<StoredFeedbackDto> {
    const existing = await this.feedback.findForUser(userId, rideId);
    if (existing) return toFeedbackDto(existing);
    const context = await this.readRide(userId, rideId);
    await this.quota.assertCanAnalyse(userId, tier);
    const job = await this.start(userId, tier, rideId, context);
    const outcome = await this.waitFor(job);
    const stored = await this.feedback.findForUser(userId, rideId);
    if (stored) return toFeedbackDto(stored);
    switch (outcome?.outcome) {
      case 'limit-reached':
        throw this.quota.limitReached();
      case 'ride-not-found':
        throw notFound(AnalysisMessages.rideNotFound, AnalysisErrorCode.RideNotFound);
      case 'analysed':
      case 'existing':
      case 'rewritten':
      case 'current':
      case 'superseded':
      case undefined:
        throw new DomainException(AnalysisErrorCode.AnalysisFailed, AnalysisMessages.analysisFailed, 502);
    }
  }

  /**
   * The ride's facts: a ride that is not the rider's is the rides service's 404. When the rides
   * service cannot answer now (busy, restarting), the job goes without them and the worker reads
   * them itself, with its retries.
   */
  private async readRide(userId: string, rideId: string): Promise<RideAnalysisContext | undefined> {
    try {
      return await this.rides.readRide(userId, rideId);
    } catch (error) {
      if (error instanceof DomainException && error.status < 500) throw error;
      return undefined;
    }
  }

  /** Queues the analysis, or joins the one queued or running; a finished job is replaced. */
  private async start(
    userId: string,
    tier: Tier,
    rideId: string,
    context: RideAnalysisContext | undefined,
  ): Promise<Job> {
    const jobId = rideAnalysisJobId(userId, rideId);
    const current = await this.queue.getJob(jobId);
    if (current) {
      const state = await current.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return current;
      await current.remove().catch(() => undefined);
    }
    return this.jobs.enqueue(
      'ride-analysis.analyse',
      { userId, rideId, tier, ...(context ? { context } : {}) },
      { jobId, attempts: this.config.ANALYSIS_ATTEMPTS },
    );
  }

  /**
   * The job's outcome once it finished (undefined when it is gone: replaced by a newer request's
   * job, whose result is in the database); a failed job is a 502, one still running at the bound a 503.
   */
  private async waitFor(job: Job): Promise<RideAnalysisOutcome | undefined> {
    const end = await this.jobs.waitUntilFinished(job, this.config.ANALYSIS_WAIT_MS);
    switch (end.state) {
      case 'completed':
        return end.value as RideAnalysisOutcome | undefined;
      case 'gone':
        return undefined;
      case 'timed-out':
        throw unavailable(AnalysisMessages.analysisTimedOut, AnalysisErrorCode.AnalysisFailed);
      case 'failed':
        throw new DomainException(AnalysisErrorCode.AnalysisFailed, AnalysisMessages.analysisFailed, 502);
    }
  }
}
