import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StravaConnectionRepository, type StoredTokens } from './strava-connection.repository.js';
import type { StravaConnectionEntity } from './strava-connection.entity.js';
import { StravaRequestError, StravaUnauthorizedError } from './strava.errors.js';
import { StravaTokenCipher } from './token-cipher.js';
import { StravaClient } from './strava.client.js';
import type { StravaTokenResponse } from './strava.types.js';

/** Tokens are refreshed this long before they expire. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** The rider has no Strava connection (never connected, or disconnected meanwhile). */
export class StravaNotConnectedError extends Error {
  constructor(readonly userId: string) {
    super('Strava is not connected');
  }
}

/** Strava refused the refresh token: the athlete revoked access. */
export class StravaAccessRevokedError extends Error {
  constructor(readonly userId: string) {
    super('Strava access was revoked');
  }
}

export interface AccessToken {
  token: string;
  athleteId: string;
}

/**
 * The rider's access token, refreshed before it expires. A refresh holds the connection row's lock
 * (SELECT ... FOR UPDATE), so replicas never refresh the same athlete twice at once, and the
 * rotated refresh token is stored in the same transaction.
 */
@Injectable()
export class StravaTokensService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly connections: StravaConnectionRepository,
    private readonly cipher: StravaTokenCipher,
    private readonly client: StravaClient,
  ) {}

  /** Encrypts a token answer for storage (each token bound to its owner). */
  seal(userId: string, tokens: StravaTokenResponse): StoredTokens {
    return {
      accessTokenEncrypted: this.cipher.encrypt(tokens.access_token, userId),
      refreshTokenEncrypted: this.cipher.encrypt(tokens.refresh_token, userId),
      expiresAt: new Date(tokens.expires_at * 1000),
    };
  }

  private fresh(connection: StravaConnectionEntity, now: number): boolean {
    return connection.expiresAt.getTime() - now > REFRESH_MARGIN_MS;
  }

  /**
   * A valid access token. `rejected` is a token Strava just refused with 401: it is refreshed even
   * if it has not expired (unless another process already replaced it).
   */
  async accessToken(userId: string, rejected?: string): Promise<AccessToken> {
    const connection = await this.connections.findForUser(userId);
    if (!connection) throw new StravaNotConnectedError(userId);
    const current = this.cipher.decrypt(connection.accessTokenEncrypted, userId);
    if (this.fresh(connection, Date.now()) && current !== rejected)
      return { token: current, athleteId: connection.athleteId };
    return this.refresh(userId, rejected);
  }

  private refresh(userId: string, rejected?: string): Promise<AccessToken> {
    return this.dataSource.transaction(async (manager) => {
      const locked = await this.connections.lockForUser(manager, userId);
      if (!locked) throw new StravaNotConnectedError(userId);
      const current = this.cipher.decrypt(locked.accessTokenEncrypted, userId);
      // Another process refreshed while we waited for the lock.
      if (this.fresh(locked, Date.now()) && current !== rejected)
        return { token: current, athleteId: locked.athleteId };
      let answer: StravaTokenResponse;
      try {
        answer = await this.client.refreshToken(this.cipher.decrypt(locked.refreshTokenEncrypted, userId));
      } catch (error) {
        if (
          error instanceof StravaUnauthorizedError ||
          (error instanceof StravaRequestError && error.status === 400)
        )
          throw new StravaAccessRevokedError(userId);
        throw error;
      }
      await this.connections.updateTokens(manager, userId, this.seal(userId, answer));
      return { token: answer.access_token, athleteId: locked.athleteId };
    });
  }

  /**
   * Runs `call` with a valid token; on a 401 refreshes once and tries again (a token can expire or
   * be invalidated early). A second 401 means access was revoked.
   */
  async withToken<T>(userId: string, call: (token: string, athleteId: string) => Promise<T>): Promise<T> {
    const first = await this.accessToken(userId);
    try {
      return await call(first.token, first.athleteId);
    } catch (error) {
      if (!(error instanceof StravaUnauthorizedError)) throw error;
    }
    const second = await this.accessToken(userId, first.token);
    try {
      return await call(second.token, second.athleteId);
    } catch (error) {
      if (error instanceof StravaUnauthorizedError) throw new StravaAccessRevokedError(userId);
      throw error;
    }
  }
}
