import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AiFeedbackDto, Tier } from '@domestique/proto';
import { In, Repository, type EntityManager } from 'typeorm';
import type { AiProviderName } from '../engine/ride-feedback.provider.js';
import { RideFeedbackEntity } from './ride-feedback.entity.js';

/** The text a provider wrote, without anything else its answer carries. */
const writtenText = ({
  summary,
  strengths,
  weaknesses,
  recommendations,
  fullAnalysis,
}: Omit<AiFeedbackDto, 'outdated'>) => ({ summary, strengths, weaknesses, recommendations, fullAnalysis });

/** Stored feedback as the API answers it: with whether it is outdated. */
export type StoredFeedbackDto = Required<AiFeedbackDto>;

export const toFeedbackDto = (row: RideFeedbackEntity): StoredFeedbackDto => ({
  ...writtenText(row),
  outdated: row.outdatedAt !== null,
});

/** What a change of the ride's metrics needs of its feedback. */
export interface LockedFeedback {
  /** the current change's mark; null while the feedback is current */
  outdatedAt: Date | null;
  tier: Tier | null;
}

/** The only code that queries ride_feedback; every method takes the owner. */
@Injectable()
export class RideFeedbackRepository {
  constructor(
    @InjectRepository(RideFeedbackEntity) private readonly feedback: Repository<RideFeedbackEntity>,
  ) {}

  findForUser(userId: string, rideId: string): Promise<RideFeedbackEntity | null> {
    return this.feedback.findOneBy({ userId, rideId });
  }

  findManyForUser(userId: string, rideIds: readonly string[]): Promise<RideFeedbackEntity[]> {
    if (rideIds.length === 0) return Promise.resolve([]);
    return this.feedback.findBy({ userId, rideId: In([...rideIds]) });
  }

  /** Stores a ride's feedback unless it already has some; true when this call stored it. */
  async insertIfAbsent(
    manager: EntityManager,
    userId: string,
    rideId: string,
    feedback: AiFeedbackDto,
    provider: AiProviderName,
    tier: Tier,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(RideFeedbackEntity)
      .values({ userId, rideId, ...writtenText(feedback), provider, tier })
      .orIgnore()
      .returning(['rideId'])
      .execute();
    return result.raw.length > 0;
  }

  /**
   * The ride's feedback, locked until the caller's transaction ends (so a rewrite cannot start on
   * it before a new mark commits); null when the ride has none.
   */
  lockForChange(manager: EntityManager, userId: string, rideId: string): Promise<LockedFeedback | null> {
    return manager.findOne(RideFeedbackEntity, {
      select: { rideId: true, outdatedAt: true, tier: true },
      where: { userId, rideId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * Marks the ride's feedback outdated with a new mark: now in whole milliseconds, always later
   * than the previous mark. Answers the mark.
   */
  async markOutdated(manager: EntityManager, userId: string, rideId: string): Promise<Date> {
    const result = await manager
      .createQueryBuilder()
      .update(RideFeedbackEntity)
      .set({
        outdatedAt: () =>
          `GREATEST(date_trunc('milliseconds', clock_timestamp()), outdated_at + interval '1 millisecond')`,
      })
      .where({ userId, rideId })
      .returning(['outdatedAt'])
      .execute();
    return (result.raw as { outdated_at: Date }[])[0]!.outdated_at;
  }

  /**
   * The mark a rewrite starts from: waits for a mark being written and answers the committed one;
   * null when the feedback is current (or gone).
   */
  outdatedMark(userId: string, rideId: string): Promise<Date | null> {
    return this.feedback.manager.transaction(async (manager) => {
      const row = await manager.findOne(RideFeedbackEntity, {
        select: { rideId: true, outdatedAt: true },
        where: { userId, rideId },
        lock: { mode: 'pessimistic_read' },
      });
      return row?.outdatedAt ?? null;
    });
  }

  /**
   * Writes a rewrite over outdated feedback and marks it current, only while its mark is still
   * `mark` (a later change has a rewrite of its own queued); true when written.
   */
  async rewrite(
    userId: string,
    rideId: string,
    mark: Date,
    feedback: AiFeedbackDto,
    provider: AiProviderName,
  ): Promise<boolean> {
    const result = await this.feedback
      .createQueryBuilder()
      .update()
      .set({ ...writtenText(feedback), provider, outdatedAt: null })
      .where({ userId, rideId, outdatedAt: mark })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RideFeedbackEntity, { userId });
  }
}
