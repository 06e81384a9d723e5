import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import type { StripeSubscriptionSnapshot } from '../stripe/stripe.client.js';
import { LIVE_STATUSES } from './subscription-tier.js';
import { SubscriptionEntity } from './subscription.entity.js';

/** The only code that queries subscriptions. */
@Injectable()
export class SubscriptionsRepository {
  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  /** Stores what Stripe says now about one of the rider's subscriptions. */
  async save(manager: EntityManager, userId: string, snapshot: StripeSubscriptionSnapshot): Promise<void> {
    await manager.upsert(
      SubscriptionEntity,
      {
        stripeSubscriptionId: snapshot.id,
        userId,
        stripeCustomerId: snapshot.customerId,
        priceId: snapshot.priceId,
        status: snapshot.status,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        unitAmount: snapshot.unitAmount,
        discountPercentOff: snapshot.discount?.percentOff ?? null,
        discountAmountOff: snapshot.discount?.amountOff ?? null,
        endedAt: snapshot.endedAt,
        cancellationReason: snapshot.cancellationReason,
        updatedAt: new Date(),
      },
      ['stripeSubscriptionId'],
    );
  }

  /** The rider billing holds a subscription for, if it holds it at all. */
  async holderOf(manager: EntityManager, stripeSubscriptionId: string): Promise<string | null> {
    const found = await manager.findOne(SubscriptionEntity, {
      where: { stripeSubscriptionId },
      select: { userId: true },
    });
    return found?.userId ?? null;
  }

  listForUser(manager: EntityManager, userId: string): Promise<SubscriptionEntity[]> {
    return manager.find(SubscriptionEntity, { where: { userId } });
  }

  /** The rider's subscriptions that still give access, newest period first. */
  findLiveForUser(userId: string, manager?: EntityManager): Promise<SubscriptionEntity[]> {
    return (manager?.getRepository(SubscriptionEntity) ?? this.subscriptions).find({
      where: { userId, status: In([...LIVE_STATUSES]) },
      order: { currentPeriodEnd: 'DESC' },
    });
  }

  /** The subscription the rider's card shows: the live one, else the one that ended last. */
  async findCurrentForUser(userId: string): Promise<SubscriptionEntity | null> {
    const [live] = await this.findLiveForUser(userId);
    if (live) return live;
    return this.subscriptions.findOne({ where: { userId }, order: { updatedAt: 'DESC' } });
  }

  listActive(): Promise<SubscriptionEntity[]> {
    return this.subscriptions.find({ where: { status: 'active' } });
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(SubscriptionEntity, { userId });
  }
}
