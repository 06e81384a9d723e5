import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository, type EntityManager } from 'typeorm';
import { PasswordResetTokenEntity } from './password-reset-token.entity.js';

/** How long an expired token is kept before it is swept (for support questions such as "it expired"). */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

/** The only code that queries the password_reset_tokens table. */
@Injectable()
export class PasswordResetTokensRepository {
  constructor(
    @InjectRepository(PasswordResetTokenEntity) private readonly tokens: Repository<PasswordResetTokenEntity>,
  ) {}

  /** A new token for the user; every earlier one of theirs stops working (and long-expired ones go). */
  async replaceForUser(
    manager: EntityManager,
    userId: string,
    tokenHash: string,
    expiresAt: Date,
    now: Date,
  ): Promise<void> {
    await manager.delete(PasswordResetTokenEntity, { userId });
    await manager.delete(PasswordResetTokenEntity, {
      expiresAt: LessThan(new Date(now.getTime() - KEEP_EXPIRED_MS)),
    });
    await manager.insert(PasswordResetTokenEntity, { userId, tokenHash, expiresAt });
  }

  findByHash(tokenHash: string): Promise<PasswordResetTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /** The token row, locked until the transaction ends (a concurrent use waits, then finds it gone). */
  lockByHash(manager: EntityManager, tokenHash: string): Promise<PasswordResetTokenEntity | null> {
    return manager.findOne(PasswordResetTokenEntity, {
      where: { tokenHash },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(PasswordResetTokenEntity, { userId });
  }
}
