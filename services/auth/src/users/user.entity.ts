import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Tier } from '@domestique/proto';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** trimmed and lower-cased before it is stored */
  @Index('uq_users_email', { unique: true })
  @Column('text')
  email!: string;

  @Column('text')
  passwordHash!: string;

  @Column('text', { nullable: true })
  firstName!: string | null;

  @Column('text', { nullable: true })
  lastName!: string | null;

  @Column('text', { nullable: true })
  profileImageUrl!: string | null;

  /** projection of billing's subscription.tier-changed events */
  @Column('text', { default: 'free' })
  subscriptionTier!: Tier;

  /** projection of billing's subscription.tier-changed events */
  @Column('text', { nullable: true })
  stripeCustomerId!: string | null;

  /** projection of the rides service's strava.connected / strava.disconnected events */
  @Column('text', { nullable: true })
  stravaId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
