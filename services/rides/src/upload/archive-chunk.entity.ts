import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ArchiveImportEntity } from './archive-import.entity.js';

/**
 * An uploaded archive's bytes, in chunks, until its import is done: the API process and the worker
 * may run on different machines, and PostgreSQL is the store both reach. Deleted when the import
 * ends (and with the import).
 */
@Entity({ name: 'archive_chunks' })
export class ArchiveChunkEntity {
  @PrimaryColumn('uuid')
  importId!: string;

  @ManyToOne(() => ArchiveImportEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'import_id' })
  archiveImport?: ArchiveImportEntity;

  @PrimaryColumn('int')
  seq!: number;

  @Column('bytea')
  data!: Buffer;
}
