import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, EventPublisher, JobQueue, LOGGER, notFound, type Logger } from '@domestique/common';
import {
  isUuid,
  RideErrorCode,
  UploadMessages,
  type ArchiveImportDto,
  type UploadFileResultDto,
  type UploadResponseDto,
} from '@domestique/proto';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityFileError, parseActivityFile } from '../activity-files/index.js';
import type { RidesConfig } from '../config/env.schema.js';
import { RideFromStreams, type StreamMeasurement } from '../rides/ride-from-streams.js';
import { RideMetricsRecomputeService } from '../rides/ride-metrics-recompute.service.js';
import { RIDE_SOURCES } from '../rides/ride-source.js';
import { RidesRepository, type UploadedRide } from '../rides/rides.repository.js';
import { toArchiveImportDto } from './archive-import.mapper.js';
import { ArchiveImportsRepository } from './archive-imports.repository.js';
import { channelsOfTwin, findSameActivity, richerBecause } from './duplicates.js';
import { receiveUpload, type ReceivedFile } from './multipart-upload.js';
import { RideFilesRepository } from './ride-files.repository.js';
import { summaryOf } from '../rides/ride-measure.js';
import { channelsOfUpload, uploadedRideOf, type ActivityHints } from './uploaded-ride.js';

const gzipAsync = promisify(gzip);
const GZIP_MAGIC = [0x1f, 0x8b];

/** An archive is stored in PostgreSQL in chunks of this size (read back one at a time). */
export const ARCHIVE_CHUNK_BYTES = 4 * 1024 * 1024;

/** One file's import: its result, and what the caller needs to recompute later rides. */
export interface FileImport {
  result: UploadFileResultDto;
  /** the ride stored (new or replaced) and whether its efforts can move the rider's estimates */
  stored: { rideId: string; startDate: Date; contributes: boolean } | null;
}

export interface ImportOptions {
  /** the archive's activities.csv entry for this file */
  hints?: ActivityHints;
  now?: Date;
  /** the caller queues one recompute for many rides (an archive) instead of one per ride */
  deferRecompute?: boolean;
}

/** What to do with a parsed file, decided under the rider's upload lock. */
type Decision =
  | { kind: 'new'; rideId: string }
  | { kind: 'replace'; rideId: string; message: string }
  | { kind: 'duplicate'; rideId: string };

const isGzip = (data: Buffer): boolean => data[0] === GZIP_MAGIC[0] && data[1] === GZIP_MAGIC[1];

/**
 * Uploaded activity files (issue 21). A single file is parsed in the request and stored like a
 * Strava ride (same row, same streams codec, same metrics, ride.imported in the same transaction),
 * with the original kept gzipped. A .zip is stored in PostgreSQL and imported by the worker
 * (ArchiveImportProcessor), which calls `importFile` for each entry.
 */
@Injectable()
export class UploadService {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly dataSource: DataSource,
    private readonly rides: RidesRepository,
    private readonly files: RideFilesRepository,
    private readonly imports: ArchiveImportsRepository,
    private readonly measurer: RideFromStreams,
    private readonly recompute: RideMetricsRecomputeService,
    private readonly events: EventPublisher,
    private readonly jobs: JobQueue,
  ) {}

  /** `POST /api/rides/upload`: every file of the request, one result each, in order. */
  async upload(userId: string, req: IncomingMessage): Promise<UploadResponseDto> {
    const dir = await mkdtemp(join(this.config.UPLOAD_TMP_DIR || tmpdir(), 'domestique-upload-'));
    try {
      const received = await receiveUpload(req, dir);
      const results: UploadFileResultDto[] = [];
      for (const file of received) results.push(await this.receivedFile(userId, file));
      return { results };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async receivedFile(userId: string, file: ReceivedFile): Promise<UploadFileResultDto> {
    if (file.refusal || !file.path) {
      return {
        file: file.fileName,
        status: 'rejected',
        message: file.refusal ?? UploadMessages.wrongExtension,
      };
    }
    if (file.kind === 'archive') return this.queueArchive(userId, file.fileName, file.path, file.bytes);
    return (await this.importFile(userId, file.fileName, await readFile(file.path))).result;
  }

  /**
   * Parses one activity file and stores it: a new ride, the richer copy of a ride the rider has
   * (its data replaced, its id kept), or nothing when it duplicates one. Bad files answer
   * 'rejected' with the parser's message; nothing partial is stored (one transaction).
   */
  async importFile(
    userId: string,
    fileName: string,
    data: Buffer,
    options: ImportOptions = {},
  ): Promise<FileImport> {
    const rejected = (message: string): FileImport => ({
      result: { file: fileName, status: 'rejected', message },
      stored: null,
    });
    if (!/\.(fit|gpx|tcx)(\.gz)?$/i.test(fileName)) return rejected(UploadMessages.wrongExtension);
    let ride: UploadedRide;
    let streams;
    try {
      const activity = parseActivityFile(fileName, data, options.now);
      streams = activity.streams;
      ride = uploadedRideOf(activity, createHash('sha256').update(data).digest('hex'), options.hints);
    } catch (error) {
      if (error instanceof ActivityFileError) return rejected(error.message);
      throw error;
    }
    const kept = isGzip(data) ? Promise.resolve(data) : gzipAsync(data);
    const measure = (rideId: string) =>
      this.measurer.measure(
        userId,
        { id: rideId, startDate: ride.startDate, summary: summaryOf(ride) },
        streams,
      );

    // decided once without the lock (to measure outside the transaction), then again under it
    const newId = randomUUID();
    const first = await this.decide(this.dataSource.manager, userId, ride, newId);
    let measured = first.kind === 'duplicate' ? null : await measure(first.rideId);
    const archived = await kept;
    const decision = await this.dataSource.transaction(async (manager) => {
      await this.rides.lockRiderUploads(manager, userId);
      const decided = await this.decide(manager, userId, ride, newId);
      if (decided.kind === 'duplicate') return decided;
      if (!measured || decided.rideId !== first.rideId) measured = await measure(decided.rideId);
      await this.store(manager, userId, decided, ride, measured, {
        fileName,
        data: archived,
        bytes: data.length,
      });
      return decided;
    });
    if (decision.kind === 'duplicate' || !measured) {
      return {
        result: {
          file: fileName,
          status: 'duplicate',
          rideId: decision.rideId,
          message: UploadMessages.duplicate,
        },
        stored: null,
      };
    }
    const stored = { rideId: decision.rideId, startDate: ride.startDate, contributes: measured.contributes };
    if (stored.contributes && !options.deferRecompute)
      await this.recompute.afterStreams(userId, stored.rideId, stored.startDate);
    this.logger.debug({ rideId: decision.rideId, kind: decision.kind }, 'Activity file imported');
    return {
      result: {
        file: fileName,
        status: 'imported',
        rideId: decision.rideId,
        ...(decision.kind === 'replace' ? { message: decision.message } : {}),
      },
      stored,
    };
  }

  /** New ride, richer copy of an existing one, or a duplicate of it (issue 21's rules). */
  private async decide(
    manager: EntityManager,
    userId: string,
    ride: UploadedRide,
    newId: string,
  ): Promise<Decision> {
    const twin = await findSameActivity(this.rides, manager, userId, ride);
    if (!twin) return { kind: 'new', rideId: newId };
    const reason = richerBecause(channelsOfUpload(ride), channelsOfTwin(twin));
    if (!reason) return { kind: 'duplicate', rideId: twin.id };
    const copy = twin.source === RIDE_SOURCES.strava ? 'the Strava copy' : 'the existing copy';
    return { kind: 'replace', rideId: twin.id, message: UploadMessages.replaced(copy, reason) };
  }

  private async store(
    manager: EntityManager,
    userId: string,
    decision: Exclude<Decision, { kind: 'duplicate' }>,
    ride: UploadedRide,
    measured: StreamMeasurement,
    file: { fileName: string; data: Buffer; bytes: number },
  ): Promise<void> {
    const replace = decision.kind === 'replace';
    await this.rides.saveUploaded(manager, userId, decision.rideId, ride, measured, replace);
    await this.files.save(manager, userId, {
      rideId: decision.rideId,
      fileName: file.fileName,
      format: ride.fileFormat,
      bytes: file.bytes,
      sha256: ride.externalId,
      data: file.data,
    });
    if (replace) {
      // the same ride (id, feedback, goal links) with new data: what depends on its metrics follows
      await this.events.publish(manager, 'ride.metrics-changed', {
        userId,
        rideId: decision.rideId,
        reason: 'streams',
      });
    } else {
      await this.events.publish(manager, 'ride.imported', {
        userId,
        rideId: decision.rideId,
        startDate: ride.startDate.toISOString(),
        source: RIDE_SOURCES.upload,
      });
    }
  }

  /**
   * Stores an uploaded archive in PostgreSQL (chunked: the worker may run on another machine) with
   * its import row, in one transaction, then queues its import.
   */
  async queueArchive(
    userId: string,
    fileName: string,
    path: string,
    bytes: number,
  ): Promise<UploadFileResultDto> {
    const importId = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await this.imports.create(manager, userId, { id: importId, fileName, bytes });
      let seq = 0;
      for await (const chunk of createReadStream(path, { highWaterMark: ARCHIVE_CHUNK_BYTES })) {
        await this.imports.addChunk(manager, importId, seq, chunk as Buffer);
        seq += 1;
      }
    });
    await this.jobs.enqueue('ride-import.archive', { userId, importId }, { jobId: `archive-${importId}` });
    return { file: fileName, status: 'queued', importId, message: UploadMessages.queued };
  }

  async findImport(userId: string, importId: string): Promise<ArchiveImportDto> {
    const found = isUuid(importId) ? await this.imports.findForUser(userId, importId) : null;
    if (!found) throw notFound(UploadMessages.importNotFound, RideErrorCode.NotFound);
    return toArchiveImportDto(found);
  }

  async listImports(userId: string, active: boolean): Promise<ArchiveImportDto[]> {
    return (await this.imports.listForUser(userId, active)).map(toArchiveImportDto);
  }
}
