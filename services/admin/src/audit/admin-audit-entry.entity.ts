import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One admin action: who, what, when, on what. */
@Entity({ name: 'admin_audit_log' })
@Index('idx_admin_audit_log_created', ['createdAt'])
export class AdminAuditEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('text')
  adminId!: string;

  @Column('text')
  adminUsername!: string;

  /** e.g. user.tier-changed, user.deleted, promo.created */
  @Column('text')
  action!: string;

  @Column('text')
  targetType!: string;

  @Column('text')
  targetId!: string;

  @Column('jsonb', { default: {} })
  details!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
