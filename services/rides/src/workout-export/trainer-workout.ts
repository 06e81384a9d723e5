import type { PlannedWorkoutDto } from '@domestique/proto';
import { timelineOf, type TimelineStep } from './workout-shape.js';

/**
 * A session as the trainer apps' course files: .erg (absolute watts, needs the rider's FTP) and .mrc
 * (percent of FTP). Both are `[COURSE HEADER]`, `[COURSE DATA]` points (minutes from the start, then
 * the target; two points per step, so a step holds or ramps between them) and `[COURSE TEXT]` (each
 * step's label at its start, seconds). Pure.
 */

type Unit = { kind: 'erg'; ftp: number } | { kind: 'mrc' };

/** Minutes to 2 decimals (0.3 s at worst: the whole seconds read back exactly). */
const minutes = (seconds: number): string => (seconds / 60).toFixed(2);

const targetOf = (percent: number, unit: Unit): string =>
  unit.kind === 'erg'
    ? String(Math.round((unit.ftp * percent) / 100))
    : String(Math.round(percent * 100) / 100);

/** One line per value: no tab or line break inside a label. */
const oneLine = (text: string): string => text.replace(/[\t\r\n]+/g, ' ').trim();

const courseFile = (workout: PlannedWorkoutDto, timeline: TimelineStep[], unit: Unit): string => {
  const data: string[] = [];
  const text: string[] = [];
  let at = 0;
  for (const step of timeline) {
    data.push(`${minutes(at)}\t${targetOf(step.startPercent, unit)}`);
    text.push(`${at}\t${oneLine(step.label)}\t${Math.min(step.durationS, 10)}`);
    at += step.durationS;
    data.push(`${minutes(at)}\t${targetOf(step.endPercent, unit)}`);
  }
  return [
    '[COURSE HEADER]',
    'VERSION = 2',
    'UNITS = ENGLISH',
    `DESCRIPTION = ${oneLine(workout.reason)}`,
    `FILE NAME = ${oneLine(workout.title)}`,
    ...(unit.kind === 'erg' ? [`FTP = ${unit.ftp}`, 'MINUTES WATTS'] : ['MINUTES PERCENT']),
    '[END COURSE HEADER]',
    '[COURSE DATA]',
    ...data,
    '[END COURSE DATA]',
    '[COURSE TEXT]',
    ...text,
    '[END COURSE TEXT]',
    '',
  ].join('\r\n');
};

/** The .erg file: watts from the rider's FTP. */
export const ergWorkout = (workout: PlannedWorkoutDto, ftp: number): string =>
  courseFile(workout, timelineOf(workout), { kind: 'erg', ftp });

/** The .mrc file: percent of FTP. */
export const mrcWorkout = (workout: PlannedWorkoutDto): string =>
  courseFile(workout, timelineOf(workout), { kind: 'mrc' });
