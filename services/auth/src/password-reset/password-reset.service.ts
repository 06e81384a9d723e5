import { Inject, Injectable } from '@nestjs/common';
import { badRequest, CONFIG, LOGGER, type Logger } from '@domestique/common';
import {
  AccountMessages,
  AuthErrorCode,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@domestique/proto';
import { DataSource } from 'typeorm';
import type { AuthConfig } from '../config/env.schema.js';
import { Mailer } from '../mail/mailer.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository.js';
import { passwordResetEmail } from './reset-email.js';
import { hashResetToken, issueResetToken, resetLinkFor, resetTokenState } from './reset-token.js';

const invalidToken = () => badRequest(AccountMessages.invalidResetToken, AuthErrorCode.InvalidResetToken);
const expiredToken = () => badRequest(AccountMessages.expiredResetToken, AuthErrorCode.ExpiredResetToken);

/** Password reset by email: 1-hour, single-use links whose tokens are stored hashed. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly tokens: PasswordResetTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Issues a link when the account exists (earlier links stop working) and emails it. The caller
   * answers the same either way, and the email leaves after the answer, so neither the words nor
   * the time of the answer tell whether an account exists.
   */
  async requestReset({ email }: ForgotPasswordRequest, now = new Date()): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const { token, tokenHash, expiresAt } = issueResetToken(now);
    const issued = await this.dataSource.transaction(async (manager) => {
      // one request at a time per user, so a new link always ends every earlier one
      if (!(await this.users.lockForUpdate(manager, user.id))) return false;
      await this.tokens.replaceForUser(manager, user.id, tokenHash, expiresAt, now);
      return true;
    });
    if (!issued) return;
    const message = passwordResetEmail(
      user.email,
      resetLinkFor(this.config.PUBLIC_URL, token),
      user.firstName,
    );
    this.mailer.send(message).then(
      () => this.logger.info({ userId: user.id }, 'Password reset email sent'),
      (error: unknown) => this.logger.error({ err: error, userId: user.id }, 'Password reset email failed'),
    );
  }

  /**
   * Sets the new password and uses the token up, in one transaction; answers the user's id so the
   * caller can end every session of theirs. Unknown, used and earlier tokens are "Invalid reset token".
   */
  async resetPassword({ token, newPassword }: ResetPasswordRequest, now = new Date()): Promise<string> {
    const tokenHash = hashResetToken(token);
    // Check before hashing, so a stream of bad tokens costs no argon2 work.
    this.assertUsable(await this.tokens.findByHash(tokenHash), now);
    const passwordHash = await this.hasher.hash(newPassword);
    return this.dataSource.transaction(async (manager) => {
      const stored = await this.tokens.lockByHash(manager, tokenHash);
      this.assertUsable(stored, now);
      const { userId } = stored;
      await this.users.setPasswordHash(manager, userId, passwordHash);
      await this.tokens.deleteAllForUser(manager, userId);
      return userId;
    });
  }

  private assertUsable<T extends { expiresAt: Date }>(stored: T | null, now: Date): asserts stored is T {
    switch (resetTokenState(stored, now)) {
      case 'usable':
        return;
      case 'unknown':
        throw invalidToken();
      case 'expired':
        throw expiredToken();
    }
  }
}
