import { constants, gunzipSync } from 'node:zlib';
import { ActivityFileError, type ActivityFormat, type ParsedActivity } from './activity-file.types.js';
import { parseFit } from './fit-parser.js';
import { parseGpx } from './gpx-parser.js';
import { parseTcx } from './tcx-parser.js';

/** A gzipped file that inflates beyond this is refused (a gzip bomb, or not an activity). */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/** A start later than `now` plus this is a device clock gone wrong, not a ride. */
const FUTURE_TOLERANCE_MS = 24 * 3600 * 1000;
/** How much of the file detectFormat looks at for an XML root element. */
const XML_SNIFF_BYTES = 4096;
const SUPPORTED = 'Only FIT, GPX and TCX files (optionally gzipped) can be imported.';

const PARSERS: Record<ActivityFormat, (data: Buffer) => ParsedActivity> = {
  fit: parseFit,
  gpx: parseGpx,
  tcx: parseTcx,
};

/** Nothing but whitespace (an empty upload, a zero-filled download is not this: it is unsupported). */
const isBlank = (data: Buffer): boolean => data.length <= 1024 && data.toString('latin1').trim() === '';

const isGzip = (data: Buffer): boolean => data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;

/** The 12- or 14-byte FIT header: its size, then ".FIT" at bytes 8-11. */
const isFitHeader = (data: Buffer): boolean =>
  data.length >= 12 && (data[0] === 12 || data[0] === 14) && data.toString('latin1', 8, 12) === '.FIT';

/** The root element of an XML head: <gpx …> or <TrainingCenterDatabase …> (any prefix). */
const xmlFormat = (data: Buffer): ActivityFormat | null => {
  const head = data.toString('utf8', 0, Math.min(data.length, XML_SNIFF_BYTES));
  const root = /<(?:[\w.-]+:)?(gpx|TrainingCenterDatabase)[\s>/]/.exec(head)?.[1];
  if (root === 'gpx') return 'gpx';
  return root ? 'tcx' : null;
};

/** Compressed bytes inflated to sniff a gzip head: enough for 4 KB of XML, at most ~1 MB out. */
const GZIP_SNIFF_BYTES = 1024;

/**
 * The start of a gzip stream's content, for sniffing only: inflates just its first kilobyte (deflate
 * expands at most ~1032:1, so the output stays under the bound whatever the input).
 */
const inflateHead = (data: Buffer): Buffer => {
  try {
    return gunzipSync(data.subarray(0, GZIP_SNIFF_BYTES), {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: 2 * 1024 * 1024,
    });
  } catch {
    return Buffer.alloc(0);
  }
};

/**
 * The file's format from its content (the FIT header, the GPX or TCX root element), looking inside
 * gzip; `head` may be the first bytes or the whole file. The content decides, not the name: a PNG
 * named .fit answers null, a GPX named .xml is a GPX. `fileName` is part of the signature callers
 * share but is not consulted.
 */
export function detectFormat(fileName: string, head: Buffer): ActivityFormat | null {
  void fileName;
  const content = isGzip(head) ? inflateHead(head) : head;
  if (isFitHeader(content)) return 'fit';
  return xmlFormat(content);
}

/** Gunzips with a bound on the output (`limit` bytes), refusing bombs and damaged streams. */
export const gunzipBounded = (data: Buffer, limit = MAX_INFLATED_BYTES): Buffer => {
  try {
    return gunzipSync(data, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      const mb = Math.round(limit / (1024 * 1024));
      throw new ActivityFileError(
        'too-large',
        `This compressed file expands to more than ${mb} MB, so it cannot be imported.`,
      );
    }
    throw new ActivityFileError('corrupt', 'This gzip file is damaged, so it cannot be imported.');
  }
};

/** The refusal of content that is no known format, naming what the extension promised. */
const unsupported = (fileName: string): ActivityFileError => {
  const extension = /\.(fit|gpx|tcx)(\.gz)?$/i.exec(fileName)?.[1]?.toUpperCase();
  return new ActivityFileError(
    'unsupported',
    extension
      ? `This file is named .${extension.toLowerCase()} but is not a ${extension} file. ${SUPPORTED}`
      : `This file type is not supported. ${SUPPORTED}`,
  );
};

/**
 * Parses one activity file (gunzipping it when its bytes say gzip). Throws ActivityFileError with a
 * message for the rider when the file is empty, not a supported format, damaged, not a cycling
 * activity, without data, or starts in the future (after `now` + 1 day).
 */
export function parseActivityFile(fileName: string, data: Buffer, now: Date = new Date()): ParsedActivity {
  const content = isGzip(data) ? gunzipBounded(data) : data;
  if (isBlank(content)) {
    throw new ActivityFileError('empty', 'This file is empty.');
  }
  const format = detectFormat(fileName, content);
  if (!format) throw unsupported(fileName);
  const activity = PARSERS[format](content);
  if (activity.startDate.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw new ActivityFileError(
      'future',
      `This activity starts on ${activity.startDate.toISOString().slice(0, 10)}, in the future: check the device's clock.`,
    );
  }
  return activity;
}
