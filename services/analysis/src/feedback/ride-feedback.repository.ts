import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AiFeedbackDto } from '@domestique/proto';
import { In, Repository, type EntityManager } from 'typeorm';
import type { AiProviderName } from '../engine/ride-feedback.provider.js';
import { RideFeedbackEntity } from './ride-feedback.entity.js';

export const toFeedbackDto = (row: RideFeedbackEntity): AiFeedbackDto => ({
  summary: row.summary,
  strengths: row.strengths,
  weaknesses: row.weaknesses,
  recommendations: row.recommendations,
  fullAnalysis: row.fullAnalysis,
});

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
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(RideFeedbackEntity)
      .values({ userId, rideId, ...feedback, provider })
      .orIgnore()
      .returning(['rideId'])
      .execute();
    return result.raw.length > 0;
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(RideFeedbackEntity, { userId });
  }
}
