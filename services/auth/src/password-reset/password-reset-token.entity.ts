import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** A password reset link in waiting. Only the token's hash is kept; using it deletes it. */
@Entity({ name: 'password_reset_tokens' })
export class PasswordResetTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('ix_password_reset_tokens_user')
  @Column('uuid')
  userId!: string;

  /** the account's tokens go with it */
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  /** SHA-256 of the token, base64url */
  @Index('uq_password_reset_tokens_hash', { unique: true })
  @Column('text')
  tokenHash!: string;

  @Index('ix_password_reset_tokens_expires')
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
