import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { COMMITTED_SECRETS, CONFIG, LOGGER, unauthenticated, type Logger } from '@domestique/common';
import { AccountMessages, AuthErrorCode, type AdminLoginRequest, type Identity } from '@domestique/proto';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../config/env.schema.js';
import { PasswordHasher } from '../users/password-hasher.js';
import type { AdminAccountEntity } from './admin-account.entity.js';
import { AdminAccountsRepository } from './admin-accounts.repository.js';

/** Admin usernames compare without regard to case or surrounding spaces. */
export const normaliseUsername = (username: string): string => username.trim().toLowerCase();

/**
 * Administrators, separate from riders. The configuration is the source of truth: on every start
 * the configured account is created or updated and any other removed, so changing ADMIN_USERNAME
 * retires the old account.
 */
@Injectable()
export class AdminAccountsService implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly admins: AdminAccountsRepository,
    private readonly hasher: PasswordHasher,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seedFromConfig();
  }

  async seedFromConfig(): Promise<void> {
    const account = await this.configuredAccount();
    await this.dataSource.transaction((manager) => this.admins.replaceAllWith(manager, account));
    if (account) this.logger.info({ username: account.username }, 'Admin account ready');
    else this.logger.warn('No ADMIN_USERNAME configured: admin sign-in is disabled');
  }

  /** The configured account; a plain ADMIN_PASSWORD is hashed once and kept while it still matches. */
  private async configuredAccount(): Promise<{ username: string; passwordHash: string } | null> {
    const { ADMIN_USERNAME, ADMIN_PASSWORD, ADMIN_PASSWORD_HASH } = this.config;
    if (!ADMIN_USERNAME) return null;
    const username = normaliseUsername(ADMIN_USERNAME);
    if (ADMIN_PASSWORD_HASH) {
      await this.refuseCommittedHash(ADMIN_PASSWORD_HASH);
      return { username, passwordHash: ADMIN_PASSWORD_HASH };
    }
    if (!ADMIN_PASSWORD) return null;
    const existing = await this.admins.findByUsername(username);
    const unchanged = existing && (await this.hasher.verify(existing.passwordHash, ADMIN_PASSWORD));
    return {
      username,
      passwordHash: unchanged ? existing.passwordHash : await this.hasher.hash(ADMIN_PASSWORD),
    };
  }

  /**
   * Production refuses an ADMIN_PASSWORD_HASH of a password this repository commits (the schema
   * can only compare plain values; a hash is checked here, once at boot, against each of them).
   */
  private async refuseCommittedHash(passwordHash: string): Promise<void> {
    if (this.config.NODE_ENV !== 'production') return;
    for (const secret of COMMITTED_SECRETS) {
      if (await this.hasher.verify(passwordHash, secret)) {
        throw new Error(
          'ADMIN_PASSWORD_HASH: is the hash of a committed example password; set your own in production',
        );
      }
    }
  }

  /** The same answer, in the same time, for an unknown username and a wrong password. */
  async login({ username, password }: AdminLoginRequest): Promise<AdminAccountEntity> {
    const admin = await this.admins.findByUsername(normaliseUsername(username));
    const valid = admin
      ? await this.hasher.verify(admin.passwordHash, password)
      : await this.hasher.verifyAgainstNothing(password);
    if (!admin || !valid) {
      throw unauthenticated(AccountMessages.invalidAdminCredentials, AuthErrorCode.InvalidAdminCredentials);
    }
    await this.admins.recordSignIn(admin.id, new Date());
    return admin;
  }

  /** True only for an admin session whose account still exists (a rider's session never is one). */
  async isAdmin(identity: Identity): Promise<boolean> {
    return identity.role === 'admin' && (await this.admins.exists(identity.adminId));
  }
}
