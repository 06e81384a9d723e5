import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { AdminAccountEntity } from './admin-account.entity.js';

/** The only code that queries the admin_accounts table. */
@Injectable()
export class AdminAccountsRepository {
  constructor(
    @InjectRepository(AdminAccountEntity) private readonly admins: Repository<AdminAccountEntity>,
  ) {}

  findByUsername(username: string): Promise<AdminAccountEntity | null> {
    return this.admins.findOneBy({ username });
  }

  async exists(adminId: string): Promise<boolean> {
    return this.admins.existsBy({ id: adminId });
  }

  /** Makes the configured account the only one: insert or update it, remove every other. */
  async replaceAllWith(
    manager: EntityManager,
    account: { username: string; passwordHash: string } | null,
  ): Promise<void> {
    const others = manager.createQueryBuilder().delete().from(AdminAccountEntity);
    await (
      account ? others.where('username <> :username', { username: account.username }) : others
    ).execute();
    if (account) await manager.upsert(AdminAccountEntity, account, ['username']);
  }

  async recordSignIn(adminId: string, at: Date): Promise<void> {
    await this.admins.update({ id: adminId }, { lastSignedInAt: at });
  }
}
