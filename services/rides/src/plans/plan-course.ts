import { badRequest } from '@domestique/common';
import { PLAN_COURSE_MAX_BYTES, PlanMessages } from '@domestique/proto';
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { ActivityFileError } from '../activity-files/activity-file.types.js';
import { haversineM } from '../activity-files/activity-summary.js';
import { gunzipBounded } from '../activity-files/parse-activity-file.js';
import { scanXml, XmlSyntaxError } from '../activity-files/xml-scanner.js';
import { cleanFileName } from '../upload/multipart-upload.js';
import type { StoredCourse, StoredCoursePoint } from './training-plan.entity.js';

/** The multipart field the course comes in. */
export const COURSE_FIELD = 'file';
/** Points closer than this to the last one kept add nothing to pacing. */
const MIN_SPACING_M = 10;
/** At most this many points are kept (about one per 60 m on a 300 km course). */
export const MAX_COURSE_POINTS = 5000;
/** A gzipped course may expand to this much at most. */
const MAX_INFLATED_BYTES = 5 * PLAN_COURSE_MAX_BYTES;

export interface ReceivedCourse {
  fileName: string;
  data: Buffer;
}

/**
 * Reads the `file` part of a multipart request into memory (at most PLAN_COURSE_MAX_BYTES; a larger
 * file is drained and refused). Other parts are skipped.
 */
export const receiveCourse = async (req: IncomingMessage): Promise<ReceivedCourse> => {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? ''))
    throw badRequest(PlanMessages.courseInvalid);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: PLAN_COURSE_MAX_BYTES, fields: 10, fieldSize: 1024, parts: 11 },
    });
  } catch {
    throw badRequest(PlanMessages.courseInvalid);
  }
  let received: ReceivedCourse | null = null;
  let tooLarge = false;
  parser.on('file', (field, stream, info) => {
    if (field !== COURSE_FIELD || received) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => {
      tooLarge = true;
    });
    stream.on('end', () => {
      received = { fileName: cleanFileName(info.filename), data: Buffer.concat(chunks) };
    });
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', () => reject(badRequest(PlanMessages.courseInvalid)));
    req.on('aborted', () => reject(badRequest(PlanMessages.courseInvalid)));
    req.pipe(parser);
  });
  if (tooLarge) throw badRequest(PlanMessages.courseTooLarge);
  if (!received) throw badRequest(PlanMessages.courseInvalid);
  return received;
};

const isGzip = (data: Buffer): boolean => data.length > 2 && data[0] === 0x1f && data[1] === 0x8b;

const coordinate = (text: string | undefined, limit: number): number | null => {
  const value = text === undefined || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
};

/** Metres between two course points. */
export const distanceM = (a: StoredCoursePoint, b: StoredCoursePoint): number =>
  haversineM(a.lat, a.lng, b.lat, b.lng);

/**
 * Thins a course for storage: points closer than MIN_SPACING_M to the last one kept go (the first and
 * last stay), then at most MAX_COURSE_POINTS evenly chosen remain.
 */
export const resampleCourse = (points: readonly StoredCoursePoint[]): StoredCoursePoint[] => {
  const spaced: StoredCoursePoint[] = [];
  points.forEach((point, index) => {
    const last = spaced.at(-1);
    if (!last || index === points.length - 1 || distanceM(last, point) >= MIN_SPACING_M) spaced.push(point);
  });
  if (spaced.length <= MAX_COURSE_POINTS) return spaced;
  const step = (spaced.length - 1) / (MAX_COURSE_POINTS - 1);
  return Array.from({ length: MAX_COURSE_POINTS }, (_, index) => spaced[Math.round(index * step)]!);
};

/**
 * A GPX course (gzipped or not): its track points, else its route points (time optional), and its
 * name (the track's or route's, else the file's). 400 courseInvalid for anything else or fewer than
 * two points.
 */
export const readCourse = ({ fileName, data }: ReceivedCourse): StoredCourse => {
  let xml: Buffer;
  try {
    xml = isGzip(data) ? gunzipBounded(data, MAX_INFLATED_BYTES) : data;
  } catch (error) {
    if (error instanceof ActivityFileError) throw badRequest(PlanMessages.courseInvalid);
    throw error;
  }
  const track: StoredCoursePoint[] = [];
  const route: StoredCoursePoint[] = [];
  const path: string[] = [];
  let root: string | null = null;
  let name: string | null = null;
  let point: StoredCoursePoint | null = null;
  try {
    scanXml(xml.toString('utf8').replace(/^\uFEFF/, ''), {
      open(element, depth) {
        if (depth === 0) root = element.local;
        path.push(element.local);
        if (element.local === 'trkpt' || element.local === 'rtept') {
          const lat = coordinate(element.attrs['lat'], 90);
          const lng = coordinate(element.attrs['lon'], 180);
          point = lat !== null && lng !== null ? { lat, lng, ele: null } : null;
        }
      },
      close(element, text) {
        path.pop();
        const parent = path.at(-1);
        if (element.local === 'name' && (parent === 'trk' || parent === 'rte')) name ??= text.trim() || null;
        else if (element.local === 'ele' && point && (parent === 'trkpt' || parent === 'rtept')) {
          const ele = Number(text.trim());
          point.ele = text.trim() !== '' && Number.isFinite(ele) ? ele : null;
        } else if (element.local === 'trkpt' || element.local === 'rtept') {
          if (point) (element.local === 'trkpt' ? track : route).push(point);
          point = null;
        }
      },
    });
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw badRequest(PlanMessages.courseInvalid);
    throw error;
  }
  const points = track.length >= 2 ? track : route;
  if (root !== 'gpx' || points.length < 2) throw badRequest(PlanMessages.courseInvalid);
  const fallback = fileName.replace(/\.gpx(\.gz)?$/i, '').slice(0, 100) || 'Course';
  return { name: (name ?? fallback).slice(0, 100), points: resampleCourse(points) };
};
