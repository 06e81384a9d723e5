import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { WaitlistEntryEntity } from './waitlist-entry.entity.js';

/** The only code that touches elite_waitlist. */
@Injectable()
export class WaitlistRepository {
  constructor(
    @InjectRepository(WaitlistEntryEntity) private readonly entries: Repository<WaitlistEntryEntity>,
  ) {}

  /** Adds an email once; a repeat changes nothing. */
  async add(email: string): Promise<void> {
    await this.entries
      .createQueryBuilder()
      .insert()
      .into(WaitlistEntryEntity)
      .values({ email })
      .orIgnore()
      .execute();
  }

  /** Forgets an email (a deleted rider's), in the caller's transaction; stored emails are lower case. */
  async forget(manager: EntityManager, email: string): Promise<void> {
    await manager.delete(WaitlistEntryEntity, { email: email.trim().toLowerCase() });
  }
}
