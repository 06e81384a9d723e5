import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { StravaConnectionEntity } from './strava-connection.entity.js';

export interface StoredTokens {
  accessTokenEncrypted: string;
  refreshTokenEncrypted: string;
  expiresAt: Date;
}

/** The only code that queries strava_connections. */
@Injectable()
export class StravaConnectionRepository {
  constructor(
    @InjectRepository(StravaConnectionEntity)
    private readonly connections: Repository<StravaConnectionEntity>,
  ) {}

  findForUser(userId: string): Promise<StravaConnectionEntity | null> {
    return this.connections.findOneBy({ userId });
  }

  findByAthlete(athleteId: string): Promise<StravaConnectionEntity | null> {
    return this.connections.findOneBy({ athleteId });
  }

  /** Locks the rider's row for a token refresh (one refresh at a time per athlete, across replicas). */
  lockForUser(manager: EntityManager, userId: string): Promise<StravaConnectionEntity | null> {
    return manager
      .createQueryBuilder(StravaConnectionEntity, 'connection')
      .setLock('pessimistic_write')
      .where('connection.user_id = :userId', { userId })
      .getOne();
  }

  /** Creates or replaces the rider's connection (a reconnect keeps one row). */
  async save(
    manager: EntityManager,
    connection: Pick<StravaConnectionEntity, 'userId' | 'athleteId' | 'scope'> & StoredTokens,
  ): Promise<void> {
    await manager.upsert(
      StravaConnectionEntity,
      { ...connection, connectedAt: new Date(), lastSyncedAt: null },
      ['userId'],
    );
  }

  async updateTokens(manager: EntityManager, userId: string, tokens: StoredTokens): Promise<void> {
    await manager.update(StravaConnectionEntity, { userId }, tokens);
  }

  async markSynced(userId: string, at: Date): Promise<void> {
    await this.connections.update({ userId }, { lastSyncedAt: at });
  }

  /** Removes the rider's connection; answers the athlete it belonged to, or null if there was none. */
  async delete(manager: EntityManager, userId: string): Promise<string | null> {
    const rows = (await manager.query(
      `DELETE FROM ${this.connections.metadata.tablePath} WHERE user_id = $1 RETURNING athlete_id`,
      [userId],
    )) as [{ athlete_id: string }[], number];
    return rows[0]?.[0]?.athlete_id ?? null;
  }
}
