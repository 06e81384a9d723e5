import { badRequest } from '@domestique/common';
import {
  UPLOAD_FIELD,
  UPLOAD_MAX_ARCHIVE_BYTES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UploadMessages,
} from '@domestique/proto';
import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

/** What an uploaded file is, by its extension (its content is checked when it is parsed). */
export type UploadKind = 'activity' | 'archive';

/** One file of the request, written to a temp file (or refused while it arrived). */
export interface ReceivedFile {
  fileName: string;
  kind: UploadKind;
  /** the temp file holding it; null when it was refused before anything was kept */
  path: string | null;
  bytes: number;
  /** why it is refused without being read (too large, wrong extension, a second archive) */
  refusal: string | null;
}

const ACTIVITY_FILE = /\.(fit|gpx|tcx)(\.gz)?$/i;

export const uploadKindOf = (fileName: string): UploadKind | null => {
  if (/\.zip$/i.test(fileName)) return 'archive';
  return ACTIVITY_FILE.test(fileName) ? 'activity' : null;
};

// C0 controls and DEL, which PostgreSQL and log lines are better without
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The name a browser sent, without folders or control characters, at most 200 characters. */
export const cleanFileName = (name: string | undefined): string =>
  (name ?? '').replace(/\\/g, '/').split('/').pop()!.replace(CONTROL, '').trim().slice(0, 200) || 'file';

/**
 * Reads a multipart upload (field `files`) into temp files under `dir`, one file at a time as the
 * bytes arrive (bounded memory whatever the sizes): an activity file past 50 MB, an archive past
 * 1 GB, a wrong extension or a second archive is drained and refused. Throws 400 when the request
 * is not multipart, carries no file, or more than UPLOAD_MAX_FILES.
 */
export const receiveUpload = async (req: IncomingMessage, dir: string): Promise<ReceivedFile[]> => {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? ''))
    throw badRequest(UploadMessages.notMultipart);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: {
        files: UPLOAD_MAX_FILES,
        fileSize: UPLOAD_MAX_ARCHIVE_BYTES + 1,
        fields: 20,
        fieldSize: 1024,
        parts: UPLOAD_MAX_FILES + 20,
      },
    });
  } catch {
    throw badRequest(UploadMessages.notMultipart);
  }
  const received: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  let tooMany = false;
  parser.on('filesLimit', () => {
    tooMany = true;
  });
  parser.on('file', (field, stream, info) => {
    if (field !== UPLOAD_FIELD) {
      stream.resume();
      return;
    }
    const fileName = cleanFileName(info.filename);
    const kind = uploadKindOf(fileName);
    const file: ReceivedFile = { fileName, kind: kind ?? 'activity', path: null, bytes: 0, refusal: null };
    received.push(file);
    if (
      !kind ||
      (kind === 'archive' && received.some((other) => other !== file && other.kind === 'archive'))
    ) {
      file.refusal = kind ? UploadMessages.oneArchive : UploadMessages.wrongExtension;
      stream.resume();
      return;
    }
    writes.push(keep(stream, file, join(dir, String(received.length))));
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', () => reject(badRequest(UploadMessages.notMultipart)));
    req.on('aborted', () => reject(badRequest(UploadMessages.notMultipart)));
  });
  req.pipe(parser);
  await done;
  await Promise.all(writes);
  if (tooMany) throw badRequest(UploadMessages.tooManyFiles);
  if (received.length === 0) throw badRequest(UploadMessages.noFiles);
  return received;
};

/** Writes one file part to `path` until it passes its kind's limit (then drains the rest). */
const keep = async (
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  file: ReceivedFile,
  path: string,
) => {
  const cap = file.kind === 'archive' ? UPLOAD_MAX_ARCHIVE_BYTES : UPLOAD_MAX_FILE_BYTES;
  const tooLarge = file.kind === 'archive' ? UploadMessages.archiveTooLarge : UploadMessages.fileTooLarge;
  const out = createWriteStream(path);
  file.path = path;
  stream.on('data', (chunk: Buffer) => {
    file.bytes += chunk.length;
    if (file.refusal) return;
    if (file.bytes > cap) {
      file.refusal = tooLarge;
      out.end();
      return;
    }
    if (!out.write(chunk)) {
      stream.pause();
      out.once('drain', () => stream.resume());
    }
  });
  stream.on('end', () => {
    if (stream.truncated && !file.refusal) file.refusal = tooLarge;
    if (!out.writableEnded) out.end();
  });
  await finished(out);
};
