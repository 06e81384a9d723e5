import type { ArchiveImportDto } from '@domestique/proto';
import type { ArchiveImportEntity } from './archive-import.entity.js';

/** An archive import as `GET /api/rides/imports/{id}` answers it. */
export const toArchiveImportDto = (entity: ArchiveImportEntity): ArchiveImportDto => ({
  id: entity.id,
  fileName: entity.fileName,
  status: entity.status,
  total: entity.total,
  processed: entity.processed,
  imported: entity.imported,
  duplicates: entity.duplicates,
  rejected: entity.rejected,
  results: entity.results,
  message: entity.message,
  createdAt: entity.createdAt.toISOString(),
  updatedAt: entity.updatedAt.toISOString(),
});
