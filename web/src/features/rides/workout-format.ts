import type { RideMetricsDto, WorkoutDto } from '@domestique/proto';
import { WORKOUT_TYPE_LABELS } from '@domestique/proto/messages';
import { sentence } from '../../app/format';

/** "Threshold session", "VO2max session", "Endurance ride" */
export const sessionLabel = (workout: Pick<WorkoutDto, 'type'>): string =>
  sentence(WORKOUT_TYPE_LABELS[workout.type]);

const CONTEXT_LABELS: Record<WorkoutDto['contexts'][number], string> = {
  'e-bike': 'E-bike',
  commute: 'Commute',
  indoor: 'Indoor',
};

/** "E-bike", "Commute", "Indoor" */
export const contextLabels = (workout: Pick<WorkoutDto, 'contexts'>): string[] =>
  workout.contexts.map((context) => CONTEXT_LABELS[context]);

/**
 * Where the FTP a ride was measured against came from: "(set by you)", or the estimate's source
 * ("estimated from your 20-minute best on 3 Sep"); null when the ride has no FTP.
 */
export const ftpOrigin = (
  metrics: Pick<RideMetricsDto, 'ftp' | 'ftpSource' | 'ftpDescription'>,
): string | null => {
  if (metrics.ftp === null) return null;
  if (metrics.ftpSource === 'rider') return '(set by you)';
  return metrics.ftpDescription ?? (metrics.ftpSource === 'estimated' ? 'estimated from your rides' : null);
};
