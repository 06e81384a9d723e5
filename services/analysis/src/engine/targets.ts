import { bpmRange, wattsRange, whole } from './format.js';
import type { RideReading } from './ride-reading.js';

/**
 * Training intensities a recommendation can prescribe, as fractions of FTP (Coggan), of threshold
 * heart rate (Coggan/Friel) and of max heart rate (the five-zone model), with a feel for riders
 * without either.
 */
export type Intensity = 'recovery' | 'endurance' | 'tempo' | 'sweet-spot' | 'threshold' | 'vo2';

interface Band {
  ftp: readonly [number, number];
  threshold: readonly [number, number];
  max: readonly [number, number];
  percentOfFtp: string;
  feel: string;
}

export const INTENSITY_BANDS: Record<Intensity, Band> = {
  recovery: {
    ftp: [0, 0.55],
    threshold: [0, 0.68],
    max: [0, 0.6],
    percentOfFtp: 'under 55%',
    feel: 'an easy, chatty pace',
  },
  endurance: {
    ftp: [0.56, 0.75],
    threshold: [0.69, 0.83],
    max: [0.6, 0.7],
    percentOfFtp: '56-75%',
    feel: 'a conversational pace',
  },
  tempo: {
    ftp: [0.76, 0.9],
    threshold: [0.84, 0.94],
    max: [0.7, 0.8],
    percentOfFtp: '76-90%',
    feel: 'comfortably hard, a few words at a time',
  },
  'sweet-spot': {
    ftp: [0.88, 0.94],
    threshold: [0.89, 0.95],
    max: [0.78, 0.85],
    percentOfFtp: '88-94%',
    feel: 'hard but sustainable, short sentences only',
  },
  threshold: {
    ftp: [0.95, 1.05],
    threshold: [0.95, 1.02],
    max: [0.85, 0.9],
    percentOfFtp: '95-105%',
    feel: 'a pace you could just hold for an hour',
  },
  vo2: {
    ftp: [1.06, 1.2],
    threshold: [1, 1.05],
    max: [0.9, 0.95],
    percentOfFtp: '106-120%',
    feel: 'very hard, no talking',
  },
};

/** Where the rider should ride an intensity: "at 140-188 W", "at 110-132 bpm" or "at a conversational pace". */
export const target = (
  reading: Pick<RideReading, 'ftp' | 'heartReference'>,
  intensity: Intensity,
): string => {
  const band = INTENSITY_BANDS[intensity];
  const { ftp, heartReference } = reading;
  if (ftp) {
    return band.ftp[0] === 0
      ? `under ${whole(ftp * band.ftp[1])} W`
      : `at ${wattsRange(ftp, band.ftp[0], band.ftp[1])} (${band.percentOfFtp} of FTP)`;
  }
  if (heartReference) {
    const [low, high] = heartReference.kind === 'threshold' ? band.threshold : band.max;
    return low === 0
      ? `with heart rate under ${whole(heartReference.bpm * high)} bpm`
      : `with heart rate at ${bpmRange(heartReference.bpm, low, high)}`;
  }
  return `at ${band.feel}`;
};
