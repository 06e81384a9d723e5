import { ActivityFileError, type ActivityFormat } from './activity-file.types.js';
import type { ActivitySample } from './activity-summary.js';
import { scanXml, XmlSyntaxError, type XmlHandler } from './xml-scanner.js';

/** A sample with nothing recorded yet, to be filled from a GPX trkpt or a TCX Trackpoint. */
export const emptySample = (): ActivitySample => ({
  time: NaN,
  lat: null,
  lng: null,
  altitude: null,
  distance: null,
  speed: null,
  heartrate: null,
  cadence: null,
  watts: null,
});

/** A number from element text or an attribute; null when blank or not a finite number. */
export const numberOrNull = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : null;
};

/** Heart rate and cadence of 0 mean "no sensor" (see ActivitySample). */
export const positiveOrNull = (text: string | undefined): number | null => {
  const value = numberOrNull(text);
  return value !== null && value > 0 ? value : null;
};

/** Decodes the file as UTF-8 (dropping a BOM) and scans it, turning XML errors into 'corrupt'. */
export const scanActivityXml = (data: Buffer, format: ActivityFormat, handler: XmlHandler): void => {
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  try {
    scanXml(text, handler);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    throw new ActivityFileError(
      'corrupt',
      `This ${format.toUpperCase()} file is damaged (${error.message}), so it cannot be imported.`,
    );
  }
};

/** Samples with a valid time, in time order (a stable sort keeps repeated points in file order). */
export const timedSamples = (samples: ActivitySample[], format: ActivityFormat): ActivitySample[] => {
  const timed = samples.filter((s) => Number.isFinite(s.time));
  if (timed.length === 0) {
    throw new ActivityFileError(
      'no-data',
      `This ${format.toUpperCase()} file has no timed track points to import.`,
    );
  }
  return timed.sort((a, b) => a.time - b.time);
};
