import { CONFIG, DomainException, EventPublisher, LOGGER, ProcessJob, type Logger } from '@domestique/common';
import type { JobPayload, RideAnalysisContext, Tier } from '@domestique/proto';
import { Inject, Injectable } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AnalysisConfig } from '../config/env.schema.js';
import type { RideAnalysisInput } from '../engine/ride-analysis-input.js';
import { AiProviderSelector } from '../llm/ai-provider.selector.js';
import { MonthlyAnalysisQuotaService } from '../quota/monthly-analysis-quota.service.js';
import { RidesContextClient, withTier } from '../rider-context/rides-context.client.js';
import type { RideAnalysisOutcome } from './ride-analysis-outcome.js';
import { RideFeedbackRepository } from './ride-feedback.repository.js';

class QuotaSpent extends Error {}

/** How often an analysis waiting for a ride's streams looks again. */
export const STREAMS_POLL_MS = 2000;

/** Whether the ride's detailed data (streams) is still being fetched. */
const streamsPending = (input: RideAnalysisInput): boolean =>
  'streamsPending' in input.ride && input.ride.streamsPending === true;

/**
 * The ride-analysis worker: takes the ride's facts from the job (or reads them from the rides
 * service when the job has none), has the provider write
 * the feedback, then in one transaction stores it, uses one analysis of the month (atomically, only
 * while some are left) and publishes `ride.analysed`. A failure before the commit spends nothing.
 * A rewrite of outdated feedback (`regenerate`) always reads the ride's newest facts, writes over
 * the old feedback and spends and publishes nothing: the ride was analysed once already.
 * While the ride's streams are still being fetched, the analysis asks for them first
 * (`ride.streams-wanted`: they jump the rides service's queue) and waits in the delayed set, looking
 * again every STREAMS_POLL_MS, up to ANALYSIS_STREAMS_WAIT_MS after it was queued; then it analyses
 * with what there is.
 */
@Injectable()
export class RideAnalysisProcessor {
  constructor(
    private readonly context: RidesContextClient,
    private readonly providers: AiProviderSelector,
    private readonly feedback: RideFeedbackRepository,
    private readonly quota: MonthlyAnalysisQuotaService,
    private readonly events: EventPublisher,
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: AnalysisConfig,
  ) {}

  @ProcessJob('ride-analysis.analyse')
  process(data: JobPayload<'ride-analysis.analyse'>, job: Job): Promise<RideAnalysisOutcome> {
    return data.regenerate ? this.rewrite(data) : this.analyse(data, job);
  }

  private async analyse(data: JobPayload<'ride-analysis.analyse'>, job: Job): Promise<RideAnalysisOutcome> {
    const { userId, rideId, tier, context } = data;
    if (await this.feedback.findForUser(userId, rideId)) return { outcome: 'existing' };
    if ((await this.quota.limitFor(userId, tier)).limitReached) return { outcome: 'limit-reached' };
    const input = await this.readRide(userId, rideId, tier, context);
    if (!input) return { outcome: 'ride-not-found' };
    if (streamsPending(input) && Date.now() - job.timestamp < this.config.ANALYSIS_STREAMS_WAIT_MS)
      return this.waitForStreams(data, job);
    const produced = await this.providers.analyseRide(input);
    try {
      const stored = await this.dataSource.transaction(async (manager) => {
        const inserted = await this.feedback.insertIfAbsent(
          manager,
          userId,
          rideId,
          produced.feedback,
          produced.provider,
          tier,
        );
        if (!inserted) return false;
        if (!(await this.quota.spend(manager, userId, tier))) throw new QuotaSpent();
        await this.events.publish(manager, 'ride.analysed', {
          userId,
          rideId,
          analysedAt: new Date().toISOString(),
        });
        return true;
      });
      if (!stored) return { outcome: 'existing' };
    } catch (error) {
      if (error instanceof QuotaSpent) return { outcome: 'limit-reached' };
      throw error;
    }
    this.logger.info(
      { context: 'ride-analysis', rideId, provider: produced.provider, fellBack: produced.fellBack },
      'Ride analysed',
    );
    return { outcome: 'analysed' };
  }

  /** Asks for the ride's streams (once) and puts the job back to look again; the next look reads fresh facts. */
  private async waitForStreams(data: JobPayload<'ride-analysis.analyse'>, job: Job): Promise<never> {
    const { userId, rideId } = data;
    if (!data.streamsWanted) {
      await this.dataSource.transaction((manager) =>
        this.events.publish(manager, 'ride.streams-wanted', { userId, rideId }),
      );
      this.logger.info({ context: 'ride-analysis', rideId }, 'Analysis waits for the ride streams');
    }
    const { context: _stale, ...rest } = job.data as JobPayload<'ride-analysis.analyse'>;
    await job.updateData({ ...rest, streamsWanted: true });
    await job.moveToDelayed(Date.now() + STREAMS_POLL_MS, job.token);
    throw new DelayedError('Waiting for the ride streams');
  }

  private async rewrite({
    userId,
    rideId,
    tier,
  }: JobPayload<'ride-analysis.analyse'>): Promise<RideAnalysisOutcome> {
    const mark = await this.feedback.outdatedMark(userId, rideId);
    if (!mark) return { outcome: 'current' };
    // never the job's facts: only the ride's newest are written
    const input = await this.readRide(userId, rideId, tier, undefined);
    if (!input) return { outcome: 'ride-not-found' };
    const produced = await this.providers.analyseRide(input);
    if (!(await this.feedback.rewrite(userId, rideId, mark, produced.feedback, produced.provider)))
      return { outcome: 'superseded' };
    this.logger.info(
      { context: 'ride-analysis', rideId, provider: produced.provider, fellBack: produced.fellBack },
      'Outdated ride feedback rewritten',
    );
    return { outcome: 'rewritten' };
  }

  /** The ride's facts: the job's, else the rides service's; undefined when the ride is not the rider's. */
  private async readRide(
    userId: string,
    rideId: string,
    tier: Tier,
    context: RideAnalysisContext | undefined,
  ): Promise<RideAnalysisInput | undefined> {
    if (context) return withTier(context, tier);
    try {
      return await this.context.forRide(userId, rideId, tier);
    } catch (error) {
      if (error instanceof DomainException && error.status === 404) return undefined;
      throw error;
    }
  }
}
