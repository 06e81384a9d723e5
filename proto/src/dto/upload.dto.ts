import { z } from 'zod';

/**
 * Uploading activity files (issue 21): `POST /api/rides/upload` (multipart, field `files`, several
 * .fit/.gpx/.tcx files, gzipped or not, or one .zip such as Strava's "Download your data" archive),
 * and the progress of an archive import (`GET /api/rides/imports/{id}`, `GET /api/rides/imports?active=true`).
 */

/**
 * RideDto.sourceLabel of an uploaded ride starts with this ("Uploaded FIT, Garmin Edge 530"); only
 * uploaded rides can be deleted (`DELETE /api/rides/{id}`): a Strava ride would return at the next sync.
 */
export const UPLOADED_SOURCE_LABEL_PREFIX = 'Uploaded';
export const isUploadedSourceLabel = (label: string | null | undefined): boolean =>
  (label ?? '').startsWith(`${UPLOADED_SOURCE_LABEL_PREFIX} `);

/** The multipart field that carries the files. */
export const UPLOAD_FIELD = 'files';
/** One file larger than this is refused (and the others of the request still imported). */
export const UPLOAD_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** An archive (.zip) may be larger than one activity file: it holds a rider's whole history. */
export const UPLOAD_MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
/** The largest upload request (the gateway's UPLOAD_MAX_BYTES default): one archive plus the multipart framing. */
export const UPLOAD_MAX_REQUEST_BYTES = UPLOAD_MAX_ARCHIVE_BYTES + 1024 * 1024;
/** Files one request may carry. */
export const UPLOAD_MAX_FILES = 20;
/** An archive with more entries than this is refused. */
export const ARCHIVE_MAX_ENTRIES = 2000;
/** An archive that inflates past this (declared or actual) is refused: a zip bomb. */
export const ARCHIVE_MAX_UNCOMPRESSED_BYTES = 2 * 1024 * 1024 * 1024;

/** What the upload accepts, by extension (the content must agree). */
export const UPLOAD_EXTENSIONS = ['.fit', '.gpx', '.tcx', '.fit.gz', '.gpx.gz', '.tcx.gz', '.zip'] as const;

/** The messages a rider sees for a refused file or request (besides the parser's own). */
export const UploadMessages = {
  notMultipart: 'Send the files as multipart/form-data in the "files" field.',
  noFiles: 'Choose at least one .fit, .gpx, .tcx or .zip file to upload.',
  tooManyFiles: `Upload at most ${UPLOAD_MAX_FILES} files at a time, or put them in one .zip.`,
  fileTooLarge: 'File is larger than 50 MB',
  archiveTooLarge: 'Archive is larger than 1 GB',
  wrongExtension: 'Only .fit, .gpx and .tcx files (optionally .gz), or a .zip of them, can be uploaded.',
  oneArchive: 'Upload one .zip at a time.',
  tooManyEntries: `This archive has more than ${ARCHIVE_MAX_ENTRIES} files: split it into smaller ones.`,
  zipBomb: 'This archive expands to more than 2 GB and was refused.',
  corruptArchive: 'This .zip is damaged or not a zip file.',
  corruptEntry: 'This file is damaged inside the archive.',
  archiveFailed: 'The archive could not be imported. Please try again.',
  notARide: (type: string) => `Not a ride: activities.csv lists it as ${type}.`,
  queued: 'The archive is being imported; rides appear as they are read.',
  importNotFound: 'Import not found',
  notYourRide: 'Ride not found',
  stravaRideDelete:
    'This ride comes from Strava: delete it on Strava (it then disappears here) or disconnect Strava.',
  duplicate: 'You already have this ride.',
  /** e.g. "Replaced the Strava copy, which had no power" */
  replaced: (copy: 'the Strava copy' | 'the existing copy', reason: 'no power' | 'less data') =>
    `Replaced ${copy}, which had ${reason}`,
} as const;

export const UPLOAD_STATUSES = ['imported', 'duplicate', 'rejected', 'queued'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** The result of one uploaded file (or, in an archive's results, one entry). */
export const UploadFileResult = z.object({
  file: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  /** the ride imported (or the one the file duplicates) */
  rideId: z.uuid().optional(),
  /** the archive import to poll (status 'queued') */
  importId: z.uuid().optional(),
  message: z.string().optional(),
});
export type UploadFileResultDto = z.infer<typeof UploadFileResult>;

/** `POST /api/rides/upload`: one result per file, in the order they were sent. */
export const UploadResponse = z.object({ results: z.array(UploadFileResult) });
export type UploadResponseDto = z.infer<typeof UploadResponse>;

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** An archive import's progress (`GET /api/rides/imports/{id}`), polled like the Strava sync. */
export const ArchiveImport = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATES),
  /** activity files in the archive (0 until the worker has read its directory) */
  total: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /** one result per activity file read so far (entries that are not rides per the CSV included) */
  results: z.array(UploadFileResult),
  /** why a failed import failed (the whole archive refused) */
  message: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** ISO 8601 */
  updatedAt: z.string(),
});
export type ArchiveImportDto = z.infer<typeof ArchiveImport>;

/** `GET /api/rides/imports?active=true`: only the imports still queued or running. */
export const ArchiveImportsQuery = z.strictObject({
  active: z.enum(['true', 'false']).optional(),
});
export type ArchiveImportsQuery = z.infer<typeof ArchiveImportsQuery>;
