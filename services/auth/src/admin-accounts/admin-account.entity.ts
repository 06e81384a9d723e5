import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An administrator: separate from riders, seeded from configuration on every start. */
@Entity({ name: 'admin_accounts' })
export class AdminAccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** lower-cased */
  @Index('uq_admin_accounts_username', { unique: true })
  @Column('text')
  username!: string;

  /** argon2id */
  @Column('text')
  passwordHash!: string;

  @Column({ type: 'timestamptz', nullable: true })
  lastSignedInAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
