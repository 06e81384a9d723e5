import { Decoder, Stream } from '@garmin/fitsdk';
import { ActivityFileError, type ParsedActivity } from './activity-file.types.js';
import { summarise, type ActivitySample } from './activity-summary.js';
import { isCyclingSport, notCycling, snakeCase } from './activity-sport.js';

/** The FIT messages read here, as the SDK decodes them (names converted to strings, dates to Dates). */
interface FitRecord {
  timestamp?: Date;
  positionLat?: number;
  positionLong?: number;
  altitude?: number;
  enhancedAltitude?: number;
  distance?: number;
  speed?: number;
  enhancedSpeed?: number;
  heartRate?: number;
  cadence?: number;
  power?: number;
}
interface FitSession {
  sport?: string;
  subSport?: string;
  startTime?: Date;
  totalElapsedTime?: number;
  totalDistance?: number;
}
interface FitLap {
  startTime?: Date;
  totalElapsedTime?: number;
  totalDistance?: number;
}
interface FitDevice {
  manufacturer?: string | number;
  garminProduct?: string | number;
  product?: string | number;
  productName?: string;
  deviceIndex?: string | number;
}
interface FitMessages {
  fileIdMesgs?: FitDevice[];
  deviceInfoMesgs?: FitDevice[];
  sessionMesgs?: FitSession[];
  sportMesgs?: { sport?: string; subSport?: string }[];
  lapMesgs?: FitLap[];
  recordMesgs?: FitRecord[];
}

const SEMICIRCLES_TO_DEGREES = 180 / 2 ** 31;
const CORRUPT = 'This FIT file is damaged (cut short or failing its checksum), so it cannot be imported.';
/** Garmin product-name prefixes the SDK abbreviates. */
const PRODUCT_WORDS: Record<string, string> = {
  fr: 'Forerunner',
  fenix: 'Fenix',
  edge: 'Edge',
  vivoactive: 'Vivoactive',
};
const UNNAMED_MANUFACTURERS = new Set(['development', 'unknown']);

/** "edge1030Plus" → "Edge 1030 Plus", "wahooFitness" → "Wahoo Fitness", "fr935" → "Forerunner 935". */
const prettyName = (value: string): string =>
  value
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .map((word) => PRODUCT_WORDS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/**
 * "Garmin Edge 810" from the file id (the SDK Profile names Garmin products), else the creator
 * device's own product name ("Wahoo Fitness ELEMNT"); the manufacturer alone when nothing else is known.
 */
const deviceName = (messages: FitMessages): string | null => {
  const fileId = messages.fileIdMesgs?.[0];
  const creator = messages.deviceInfoMesgs?.find((d) => d.deviceIndex === 'creator' && d.productName);
  const manufacturer =
    typeof fileId?.manufacturer === 'string' && !UNNAMED_MANUFACTURERS.has(fileId.manufacturer)
      ? prettyName(fileId.manufacturer)
      : null;
  const product =
    typeof fileId?.garminProduct === 'string'
      ? prettyName(fileId.garminProduct)
      : (creator?.productName ?? (typeof fileId?.product === 'string' ? prettyName(fileId.product) : null));
  const name = [manufacturer, product].filter(Boolean).join(' ');
  return name || null;
};

const toSample = (record: FitRecord & { timestamp: Date }): ActivitySample => ({
  time: record.timestamp.getTime(),
  lat: record.positionLat !== undefined ? record.positionLat * SEMICIRCLES_TO_DEGREES : null,
  lng: record.positionLong !== undefined ? record.positionLong * SEMICIRCLES_TO_DEGREES : null,
  altitude: record.enhancedAltitude ?? record.altitude ?? null,
  distance: record.distance ?? null,
  speed: record.enhancedSpeed ?? record.speed ?? null,
  heartrate: record.heartRate ? record.heartRate : null,
  cadence: record.cadence ?? null,
  watts: record.power ?? null,
});

/** Decodes the file, refusing anything that is not a whole FIT file with good checksums. */
const decode = (data: Buffer): FitMessages => {
  const decoder = new Decoder(Stream.fromBuffer(data));
  if (!decoder.isFIT()) throw new ActivityFileError('unsupported', 'This file is not a FIT file.');
  if (!decoder.checkIntegrity()) throw new ActivityFileError('corrupt', CORRUPT);
  const { messages, errors } = decoder.read();
  // a chained file (multisport) has a header and a CRC per part; checkIntegrity covers the first only
  if (errors.length > 0) throw new ActivityFileError('corrupt', CORRUPT);
  return messages as FitMessages;
};

const within = (time: number, session: FitSession): boolean => {
  const start = session.startTime?.getTime() ?? -Infinity;
  return time >= start && time <= start + (session.totalElapsedTime ?? Infinity) * 1000;
};

/**
 * Parses a FIT activity with Garmin's SDK. A multisport file (a triathlon: several sessions, often
 * several chained FIT headers) is imported as its cycling session(s) only, with the records inside
 * their time window; a file with no cycling session is refused with the sport of its first session.
 * The device's session distance is preferred over the records (virtual platforms write a GPS track
 * that does not match the ridden distance).
 */
export function parseFit(data: Buffer): ParsedActivity {
  const messages = decode(data);
  const sessions = messages.sessionMesgs ?? [];
  const fileSport = sessions[0]?.sport ?? messages.sportMesgs?.[0]?.sport ?? 'cycling';
  const cycling = sessions.filter((s) => isCyclingSport(s.sport ?? 'cycling'));
  if (sessions.length > 0 ? cycling.length === 0 : !isCyclingSport(fileSport)) throw notCycling(fileSport);
  const partial = cycling.length < sessions.length;
  const records = (messages.recordMesgs ?? []).filter(
    (r): r is FitRecord & { timestamp: Date } =>
      r.timestamp instanceof Date && (!partial || cycling.some((s) => within(r.timestamp!.getTime(), s))),
  );
  if (records.length === 0)
    throw new ActivityFileError('no-data', 'This FIT file has no recorded data points.');
  const sessionDistances = cycling.map((s) => s.totalDistance).filter((d): d is number => d !== undefined);
  const subSport = cycling[0]?.subSport ?? messages.sportMesgs?.[0]?.subSport;
  const laps = (messages.lapMesgs ?? []).filter(
    (lap) => lap.startTime && (!partial || cycling.some((s) => within(lap.startTime!.getTime(), s))),
  );
  return summarise(records.map(toSample), {
    format: 'fit',
    subSport: subSport ? snakeCase(subSport) : null,
    device: deviceName(messages),
    name: null,
    startDate: cycling[0]?.startTime,
    deviceDistanceM: sessionDistances.length > 0 ? sessionDistances.reduce((a, b) => a + b, 0) : null,
    laps: laps.map((lap) => ({
      start: lap.startTime!,
      durationS: lap.totalElapsedTime ?? 0,
      distanceM: lap.totalDistance ?? null,
    })),
  });
}
