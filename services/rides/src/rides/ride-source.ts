import { UPLOADED_SOURCE_LABEL_PREFIX } from '@domestique/proto';
import type { RideEntity } from './ride.entity.js';

/** Where a ride came from (RideEntity.source). */
export const RIDE_SOURCES = { strava: 'strava', upload: 'upload', demo: 'demo' } as const;

/**
 * What the ride page says about where a ride came from: "Strava", or "Uploaded FIT, Garmin Edge 530"
 * (format, then the recording device when the file names it).
 */
export const sourceLabelOf = (ride: Pick<RideEntity, 'source' | 'fileFormat' | 'device'>): string => {
  if (ride.source === RIDE_SOURCES.upload) {
    const format = (ride.fileFormat ?? 'file').toUpperCase();
    return `${UPLOADED_SOURCE_LABEL_PREFIX} ${format}${ride.device ? `, ${ride.device}` : ''}`;
  }
  if (ride.source === RIDE_SOURCES.strava) return 'Strava';
  return 'Demo';
};

/** Only uploaded (and demo) rides are deleted here; a Strava ride would come back with the next sync. */
export const isDeletableSource = (source: string): boolean => source !== RIDE_SOURCES.strava;
