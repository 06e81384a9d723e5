import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A rider's Strava connection: the athlete and the OAuth tokens, encrypted at rest (AES-256-GCM,
 * see TokenCipher). One row per rider; an athlete belongs to at most one rider.
 */
@Entity({ name: 'strava_connections' })
@Index('uq_strava_connections_athlete', ['athleteId'], { unique: true })
export class StravaConnectionEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** Strava's athlete id */
  @Column('text')
  athleteId!: string;

  /** the scopes the athlete granted, comma-separated */
  @Column('text')
  scope!: string;

  @Column('text')
  accessTokenEncrypted!: string;

  @Column('text')
  refreshTokenEncrypted!: string;

  /** when the access token expires */
  @Column('timestamptz')
  expiresAt!: Date;

  @Column('timestamptz')
  connectedAt!: Date;

  /** end of the last successful sync */
  @Column('timestamptz', { nullable: true })
  lastSyncedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
