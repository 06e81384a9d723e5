import type { ImportState, UploadFileResultDto } from '@domestique/proto';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One uploaded archive (.zip) imported by the worker, with its progress (polled by the web). */
@Entity({ name: 'archive_imports' })
@Index('idx_archive_imports_user_created', ['userId', 'createdAt'])
export class ArchiveImportEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column('text')
  fileName!: string;

  /** 'queued', 'running', 'done' or 'failed' */
  @Column('text')
  status!: ImportState;

  /** size of the archive as uploaded */
  @Column('bigint', { transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  bytes!: number;

  @Column('int', { default: 0 })
  total!: number;

  /** archive entries handled so far (the resume point of a retried job) */
  @Column('int', { default: 0 })
  processed!: number;

  @Column('int', { default: 0 })
  imported!: number;

  @Column('int', { default: 0 })
  duplicates!: number;

  @Column('int', { default: 0 })
  rejected!: number;

  /** one result per activity file handled */
  @Column('jsonb', { default: () => `'[]'::jsonb` })
  results!: UploadFileResultDto[];

  @Column('text', { nullable: true })
  message!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
