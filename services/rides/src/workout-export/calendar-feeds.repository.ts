import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { CalendarFeedEntity } from './calendar-feed.entity.js';

/** The riders' calendar feed secrets (hashed). */
@Injectable()
export class CalendarFeedsRepository {
  constructor(@InjectRepository(CalendarFeedEntity) private readonly feeds: Repository<CalendarFeedEntity>) {}

  /** Creates the rider's feed or replaces its secret (the old one stops matching). */
  async replaceSecret(userId: string, secretHash: string, now: Date): Promise<void> {
    await this.feeds.upsert({ userId, secretHash, createdAt: now }, ['userId']);
  }

  /**
   * Whose feed a secret opens, or null. The one query not keyed by the owner: the secret is the only
   * credential a calendar app sends.
   */
  async ownerOfSecret(secretHash: string): Promise<string | null> {
    const feed = await this.feeds.findOne({ where: { secretHash }, select: { userId: true } });
    return feed?.userId ?? null;
  }

  /** When the rider's current feed address was made, or null without a feed. */
  async createdAt(userId: string): Promise<Date | null> {
    const feed = await this.feeds.findOne({ where: { userId }, select: { createdAt: true } });
    return feed?.createdAt ?? null;
  }

  /** Drops the rider's feed (no longer Elite, deleted, or stopped by the rider): its URL answers 404. */
  async deleteForUser(manager: EntityManager | undefined, userId: string): Promise<void> {
    await (manager ?? this.feeds.manager).delete(CalendarFeedEntity, { userId });
  }
}
