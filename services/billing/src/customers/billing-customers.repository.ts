import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Tier } from '@domestique/proto';
import { Repository, type EntityManager } from 'typeorm';
import { BillingCustomerEntity } from './billing-customer.entity.js';

/** The only code that queries billing_customers. */
@Injectable()
export class BillingCustomersRepository {
  constructor(
    @InjectRepository(BillingCustomerEntity) private readonly customers: Repository<BillingCustomerEntity>,
  ) {}

  findForUser(userId: string): Promise<BillingCustomerEntity | null> {
    return this.customers.findOneBy({ userId });
  }

  /** Reads a rider's row and holds it until the transaction ends: their billing changes one at a time. */
  lockForUser(manager: EntityManager, userId: string): Promise<BillingCustomerEntity | null> {
    return manager
      .getRepository(BillingCustomerEntity)
      .createQueryBuilder('customer')
      .setLock('pessimistic_write')
      .where('customer.user_id = :userId', { userId })
      .getOne();
  }

  findUserIdByStripeCustomer(manager: EntityManager, stripeCustomerId: string): Promise<string | null> {
    return manager
      .getRepository(BillingCustomerEntity)
      .findOne({ where: { stripeCustomerId }, select: { userId: true } })
      .then((found) => found?.userId ?? null);
  }

  /** Records a new rider (idempotent). */
  async add(manager: EntityManager, userId: string, email: string): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BillingCustomerEntity)
      .values({ userId, email })
      .orIgnore()
      .execute();
  }

  async setStripeCustomer(manager: EntityManager, userId: string, stripeCustomerId: string): Promise<void> {
    await manager.update(BillingCustomerEntity, { userId }, { stripeCustomerId });
  }

  async setTiers(
    manager: EntityManager,
    userId: string,
    tiers: { tier: Tier; subscriptionTier?: Tier },
  ): Promise<void> {
    await manager.update(BillingCustomerEntity, { userId }, { ...tiers, tierChangedAt: new Date() });
  }

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(BillingCustomerEntity, { userId });
  }
}
