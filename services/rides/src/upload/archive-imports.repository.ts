import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IMPORT_STATES, type ImportState, type UploadFileResultDto } from '@domestique/proto';
import { In, Repository, type EntityManager } from 'typeorm';
import { ArchiveChunkEntity } from './archive-chunk.entity.js';
import { ArchiveImportEntity } from './archive-import.entity.js';

/** Progress made on an archive since the last write: added to the stored counters. */
export interface ImportProgress {
  /** the entries handled so far (the resume point) */
  processed: number;
  imported: number;
  duplicates: number;
  rejected: number;
  results: UploadFileResultDto[];
}

const ACTIVE: ImportState[] = IMPORT_STATES.filter((state) => state === 'queued' || state === 'running');

/** Archive imports and their stored bytes; every method takes the owner. */
@Injectable()
export class ArchiveImportsRepository {
  constructor(
    @InjectRepository(ArchiveImportEntity) private readonly imports: Repository<ArchiveImportEntity>,
  ) {}

  async create(
    manager: EntityManager,
    userId: string,
    values: { id: string; fileName: string; bytes: number },
  ): Promise<void> {
    await manager.insert(ArchiveImportEntity, { ...values, userId, status: 'queued', results: [] });
  }

  /** A deleted rider's imports, their stored bytes with them (uploaded files go with their rides). */
  async deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(ArchiveImportEntity, { userId });
  }

  /** Stores one chunk of an archive's bytes (seq from 0). */
  async addChunk(manager: EntityManager, importId: string, seq: number, data: Buffer): Promise<void> {
    await manager.insert(ArchiveChunkEntity, { importId, seq, data });
  }

  /** The archive's chunk `seq`, or null past the last one (read one at a time: bounded memory). */
  async chunk(userId: string, importId: string, seq: number): Promise<Buffer | null> {
    const rows = (await this.imports.query(
      `SELECT c.data FROM ${this.imports.manager.getRepository(ArchiveChunkEntity).metadata.tablePath} c
       JOIN ${this.imports.metadata.tablePath} i ON i.id = c.import_id
       WHERE i.user_id = $1 AND c.import_id = $2 AND c.seq = $3`,
      [userId, importId, seq],
    )) as { data: Buffer }[];
    return rows[0]?.data ?? null;
  }

  findForUser(userId: string, importId: string): Promise<ArchiveImportEntity | null> {
    return this.imports.findOneBy({ userId, id: importId });
  }

  /** The rider's imports, newest first; only the queued and running ones with `active`. */
  listForUser(userId: string, active: boolean, limit = 20): Promise<ArchiveImportEntity[]> {
    return this.imports.find({
      where: { userId, ...(active ? { status: In(ACTIVE) } : {}) },
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  async start(userId: string, importId: string, total: number): Promise<void> {
    await this.imports.update({ userId, id: importId }, { status: 'running', total });
  }

  /** Adds progress in one statement (results appended), so a reader never sees half of it. */
  async addProgress(userId: string, importId: string, progress: ImportProgress): Promise<void> {
    await this.imports.query(
      `UPDATE ${this.imports.metadata.tablePath}
       SET processed = $3, imported = imported + $4, duplicates = duplicates + $5, rejected = rejected + $6,
           results = results || $7::jsonb, updated_at = now()
       WHERE user_id = $1 AND id = $2`,
      [
        userId,
        importId,
        progress.processed,
        progress.imported,
        progress.duplicates,
        progress.rejected,
        JSON.stringify(progress.results),
      ],
    );
  }

  /** Ends an import ('done' or 'failed', with the reason) and drops its stored bytes. */
  async finish(
    userId: string,
    importId: string,
    status: Extract<ImportState, 'done' | 'failed'>,
    message: string | null,
  ): Promise<void> {
    await this.imports.manager.transaction(async (manager) => {
      await manager.update(ArchiveImportEntity, { userId, id: importId }, { status, message });
      await manager.delete(ArchiveChunkEntity, { importId });
    });
  }
}
