import { Inject, Injectable } from '@nestjs/common';
import { badRequest, CONFIG, EventPublisher, LOGGER, type Logger } from '@domestique/common';
import {
  RideErrorCode,
  RideMessages,
  STRAVA_SCOPES,
  type StravaConnectionDto,
  type StravaConnectReason,
  type StravaConnectResult,
} from '@domestique/proto';
import { DataSource, type EntityManager } from 'typeorm';
import type { RidesConfig } from '../config/env.schema.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { StravaConnectionRepository } from './strava-connection.repository.js';
import { StravaOAuthState } from './strava-oauth-state.js';
import { STRAVA_SOURCE } from './strava-ride-importer.js';
import { StravaSyncService } from './strava-sync.service.js';
import { StravaClient } from './strava.client.js';
import { StravaError, StravaUnauthorizedError } from './strava.errors.js';
import { StravaTokensService } from './strava-tokens.service.js';
import type { StravaTokenResponse } from './strava.types.js';

/** The query Strava's authorization page redirects back with. */
export interface CallbackQuery {
  code?: string;
  scope?: string;
  state?: string;
  error?: string;
}

export type DisconnectReason = 'user' | 'deauthorized' | 'user-deleted';

/** Where the browser lands after the round trip to Strava. */
export const dashboardResult = (result: StravaConnectResult, reason?: StravaConnectReason): string =>
  `/dashboard?strava=${result}${reason ? `&reason=${reason}` : ''}`;

/** Connecting and disconnecting a rider's Strava account. */
@Injectable()
export class StravaConnectionService {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly connections: StravaConnectionRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly rides: RidesRepository,
    private readonly tokens: StravaTokensService,
    private readonly client: StravaClient,
    private readonly state: StravaOAuthState,
    private readonly events: EventPublisher,
    private readonly sync: StravaSyncService,
  ) {}

  get redirectUri(): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/api/strava/callback`;
  }

  /** Strava's authorization page for this rider, with a fresh state nonce. */
  async authorizationUrl(userId: string): Promise<string> {
    return this.client.authorizeUrl(
      this.redirectUri,
      STRAVA_SCOPES.join(','),
      await this.state.issue(userId),
    );
  }

  async connection(userId: string): Promise<StravaConnectionDto> {
    const connection = await this.connections.findForUser(userId);
    return {
      connected: connection !== null,
      athleteId: connection?.athleteId ?? null,
      connectedAt: connection?.connectedAt.toISOString() ?? null,
    };
  }

  /**
   * Completes the flow Strava redirected back from: checks the state and the granted scopes,
   * exchanges the code, stores the tokens encrypted, publishes strava.connected and starts the
   * first sync. Answers the dashboard URL that tells the rider how it went.
   */
  async completeAuthorization(userId: string, query: CallbackQuery): Promise<string> {
    const stateValid = await this.state.consume(query.state, userId);
    if (query.error) return dashboardResult('denied', 'cancelled');
    if (!stateValid) return dashboardResult('error', 'state');
    const granted = new Set((query.scope ?? '').split(',').map((scope) => scope.trim()));
    if (!granted.has('activity:read_all')) return dashboardResult('denied', 'scope');
    if (!query.code) return dashboardResult('error', 'exchange');

    let tokens: StravaTokenResponse;
    try {
      tokens = await this.client.exchangeCode(query.code);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'Strava code exchange failed');
      return dashboardResult('error', 'exchange');
    }
    const athleteId = tokens.athlete?.id !== undefined ? String(tokens.athlete.id) : null;
    if (!athleteId) return dashboardResult('error', 'exchange');

    const owner = await this.connections.findByAthlete(athleteId);
    if (owner && owner.userId !== userId) return dashboardResult('error', 'athlete-in-use');

    await this.dataSource.transaction(async (manager) => {
      await this.connections.save(manager, {
        userId,
        athleteId,
        scope: [...granted].filter(Boolean).join(','),
        ...this.tokens.seal(userId, tokens),
      });
      await this.events.publish(manager, 'strava.connected', { userId, athleteId });
    });
    try {
      await this.sync.start(userId, 'connected');
    } catch (error) {
      // the rider can still press Sync; the connection itself succeeded
      this.logger.warn({ err: error, userId }, 'Could not queue the first sync');
    }
    return dashboardResult('connected');
  }

  /** The rider disconnects: deauthorize at Strava, delete the tokens; rides stay (spec) unless configured. */
  async disconnect(userId: string): Promise<void> {
    const connection = await this.connections.findForUser(userId);
    if (!connection) throw badRequest(RideMessages.stravaNotConnected, RideErrorCode.StravaNotConnected);
    await this.deauthorizeAtStrava(userId);
    await this.dataSource.transaction((manager) =>
      this.removeConnection(manager, userId, 'user', this.config.STRAVA_DELETE_RIDES_ON_REVOKE),
    );
  }

  /** The athlete revoked access on Strava's side (webhook): Strava already dropped the tokens. */
  async revoked(userId: string): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.removeConnection(manager, userId, 'deauthorized', this.config.STRAVA_DELETE_RIDES_ON_REVOKE),
    );
  }

  /** Permanent deletion of the rider: everything of theirs goes, in the caller's transaction. */
  async purge(manager: EntityManager, userId: string): Promise<void> {
    await this.deauthorizeAtStrava(userId);
    await this.removeConnection(manager, userId, 'user-deleted', false);
    await this.rides.deleteAllForUser(manager, userId);
    await this.profiles.deleteForUser(manager, userId);
  }

  /** Best effort: a token Strava already refuses means access is gone anyway. */
  private async deauthorizeAtStrava(userId: string): Promise<void> {
    try {
      await this.tokens.withToken(userId, (token) => this.client.deauthorize(token));
    } catch (error) {
      if (error instanceof StravaUnauthorizedError || !(error instanceof StravaError)) {
        this.logger.info({ userId, err: error }, 'Strava access was already gone');
        return;
      }
      this.logger.warn({ err: error, userId }, 'Could not deauthorize at Strava; removing the tokens anyway');
    }
  }

  private async removeConnection(
    manager: EntityManager,
    userId: string,
    reason: DisconnectReason,
    deleteRides: boolean,
  ): Promise<void> {
    const athleteId = await this.connections.delete(manager, userId);
    if (athleteId === null) return;
    await this.events.publish(manager, 'strava.disconnected', { userId, athleteId, reason });
    if (!deleteRides) return;
    for (const rideId of await this.rides.deleteAllFromSource(manager, userId, STRAVA_SOURCE))
      await this.events.publish(manager, 'ride.deleted', { userId, rideId });
  }
}
