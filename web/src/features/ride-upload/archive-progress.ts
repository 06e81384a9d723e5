import type { ArchiveImportDto } from '@domestique/proto';

const count = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string): string => `${count(n)} ${n === 1 ? one : many}`;

/**
 * A running archive import in words, beside its progress bar: "Importing archive: 120 of 1,000
 * activities", or what it waits for before the worker has counted the archive's activities.
 */
export const describeArchiveProgress = (archive: ArchiveImportDto | null): string => {
  if (archive === null || archive.status === 'queued') return 'Archive received; its import starts shortly';
  if (archive.total === 0) return 'Importing archive: reading its contents';
  return `Importing archive: ${count(Math.min(archive.processed, archive.total))} of ${plural(
    archive.total,
    'activity',
    'activities',
  )}`;
};

/** The bar's value (0-100), or null while the total is unknown (an indeterminate bar). */
export const archiveProgressValue = (archive: ArchiveImportDto | null): number | null =>
  archive !== null && archive.total > 0
    ? Math.min(100, Math.round((archive.processed / archive.total) * 100))
    : null;

/** A finished import's counts: "118 rides imported, 2 duplicates, 5 not imported". */
export const describeArchiveSummary = (archive: ArchiveImportDto): string =>
  [
    `${plural(archive.imported, 'ride', 'rides')} imported`,
    plural(archive.duplicates, 'duplicate', 'duplicates'),
    `${count(archive.rejected)} not imported`,
  ].join(', ');
