import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
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

  async deleteForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(BillingCustomerEntity, { userId });
  }
}
