import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, JobQueue, LOGGER, ProcessJob, type Logger } from '@domestique/common';
import {
  ARCHIVE_MAX_UNCOMPRESSED_BYTES,
  UPLOAD_MAX_FILE_BYTES,
  UploadMessages,
  type JobPayload,
  type UploadFileResultDto,
} from '@domestique/proto';
import type { Job } from 'bullmq';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Entry, ZipFile } from 'yauzl';
import type { RidesConfig } from '../config/env.schema.js';
import { ArchiveImportsRepository, type ImportProgress } from './archive-imports.repository.js';
import {
  ArchiveEntryError,
  ArchiveRefusal,
  listEntries,
  openArchive,
  readEntry,
  type InflateBudget,
} from './archive-reader.js';
import { uploadKindOf } from './multipart-upload.js';
import {
  csvActivityFor,
  isCyclingCsvActivity,
  readActivitiesCsv,
  type ArchiveActivity,
} from './strava-archive-csv.js';
import { UploadService } from './upload.service.js';

/** activities.csv of a rider with thousands of activities and long descriptions stays far below this. */
const CSV_MAX_BYTES = 64 * 1024 * 1024;
/** Progress is written after this many files, or this long, whichever comes first. */
const PROGRESS_EVERY_FILES = 20;
const PROGRESS_EVERY_MS = 1000;

const isActivityEntry = (entry: Entry): boolean =>
  uploadKindOf(entry.fileName) === 'activity' && !entry.fileName.startsWith('__MACOSX/');
const isCsvEntry = (entry: Entry): boolean => /(^|\/)activities\.csv$/i.test(entry.fileName);

/**
 * `ride-import.archive`: imports an uploaded .zip (Strava's "Download your data", or any zip of
 * activity files) entry by entry from a temp copy on the worker's disk, through the same
 * `UploadService.importFile` as single uploads, with names and types from activities.csv. Memory
 * stays bounded: one entry (at most 50 MB) in memory at a time. Progress goes to the import's row
 * (polled by the web); a retried job resumes after the last entry it recorded.
 */
@Injectable()
export class ArchiveImportProcessor {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly imports: ArchiveImportsRepository,
    private readonly uploads: UploadService,
    private readonly jobs: JobQueue,
  ) {}

  @ProcessJob('ride-import.archive')
  async run(data: JobPayload<'ride-import.archive'>, job: Job): Promise<{ imported: number }> {
    const { userId, importId } = data;
    const found = await this.imports.findForUser(userId, importId);
    if (!found || found.status === 'done' || found.status === 'failed') return { imported: 0 };
    const path = join(this.config.UPLOAD_TMP_DIR || tmpdir(), `domestique-archive-${importId}.zip`);
    try {
      await this.download(userId, importId, path);
      const zip = await openArchive(path);
      try {
        const imported = await this.importEntries(userId, importId, zip, found.processed);
        await this.imports.finish(userId, importId, 'done', null);
        return { imported };
      } finally {
        zip.close();
      }
    } catch (error) {
      if (error instanceof ArchiveRefusal) {
        await this.imports.finish(userId, importId, 'failed', error.message);
        return { imported: 0 };
      }
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.logger.error({ err: error, importId, lastAttempt }, 'Archive import failed');
      if (lastAttempt) await this.imports.finish(userId, importId, 'failed', UploadMessages.archiveFailed);
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  }

  /** Copies the archive from PostgreSQL to a temp file, one chunk in memory at a time. */
  private async download(userId: string, importId: string, path: string): Promise<void> {
    const file = await open(path, 'w');
    try {
      for (let seq = 0; ; seq += 1) {
        const chunk = await this.imports.chunk(userId, importId, seq);
        if (!chunk) break;
        await file.write(chunk);
      }
    } finally {
      await file.close();
    }
  }

  /** Imports the activity entries after the first `from` (a retry's resume point); answers the new rides. */
  private async importEntries(userId: string, importId: string, zip: ZipFile, from: number): Promise<number> {
    const entries = await listEntries(zip);
    const budget: InflateBudget = { left: ARCHIVE_MAX_UNCOMPRESSED_BYTES };
    const csvEntry = entries.find(isCsvEntry);
    const csv = csvEntry
      ? readActivitiesCsv((await readEntry(zip, csvEntry, CSV_MAX_BYTES, budget)).toString('utf8'))
      : new Map<string, ArchiveActivity>();
    const activities = entries.filter(isActivityEntry);
    await this.imports.start(userId, importId, activities.length);

    let progress = emptyProgress(from);
    let flushedAt = Date.now();
    let imported = 0;
    let earliest: Date | null = null;
    for (let index = from; index < activities.length; index += 1) {
      const entry = activities[index]!;
      const outcome = await this.importEntry(userId, zip, entry, csvActivityFor(csv, entry.fileName), budget);
      progress.processed = index + 1;
      progress.results.push(outcome.result);
      if (outcome.result.status === 'imported') {
        progress.imported += 1;
        imported += 1;
      } else if (outcome.result.status === 'duplicate') progress.duplicates += 1;
      else progress.rejected += 1;
      if (outcome.contributesFrom && (!earliest || outcome.contributesFrom < earliest))
        earliest = outcome.contributesFrom;
      if (progress.results.length >= PROGRESS_EVERY_FILES || Date.now() - flushedAt >= PROGRESS_EVERY_MS) {
        await this.imports.addProgress(userId, importId, progress);
        progress = emptyProgress(progress.processed);
        flushedAt = Date.now();
      }
    }
    if (progress.results.length > 0) await this.imports.addProgress(userId, importId, progress);
    // one recompute for the whole archive: the rides after the earliest one with power or heart rate
    if (earliest)
      await this.jobs.enqueue(
        'ride-metrics.recompute',
        { userId, fromDate: earliest.toISOString(), reason: 'streams' },
        { jobId: `ride-metrics-archive-${importId}` },
      );
    return imported;
  }

  private async importEntry(
    userId: string,
    zip: ZipFile,
    entry: Entry,
    listed: ArchiveActivity | null,
    budget: InflateBudget,
  ): Promise<{ result: UploadFileResultDto; contributesFrom: Date | null }> {
    const rejected = (message: string) => ({
      result: { file: entry.fileName, status: 'rejected' as const, message },
      contributesFrom: null,
    });
    if (listed && !isCyclingCsvActivity(listed))
      return rejected(UploadMessages.notARide(listed.sportType ?? ''));
    if (entry.uncompressedSize > UPLOAD_MAX_FILE_BYTES) return rejected(UploadMessages.fileTooLarge);
    let data: Buffer;
    try {
      data = await readEntry(zip, entry, UPLOAD_MAX_FILE_BYTES, budget);
    } catch (error) {
      if (error instanceof ArchiveEntryError) return rejected(error.message);
      throw error;
    }
    const { result, stored } = await this.uploads.importFile(userId, entry.fileName, data, {
      hints: listed ? { name: listed.name, sportType: listed.sportType } : {},
      deferRecompute: true,
    });
    return { result, contributesFrom: stored?.contributes ? stored.startDate : null };
  }
}

const emptyProgress = (processed: number): ImportProgress => ({
  processed,
  imported: 0,
  duplicates: 0,
  rejected: 0,
  results: [],
});
