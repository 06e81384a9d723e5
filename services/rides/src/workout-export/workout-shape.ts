import { badRequest } from '@domestique/common';
import { WorkoutExportMessages, type PlannedWorkoutDto, type WorkoutStepDto } from '@domestique/proto';

/**
 * How a session's steps become a trainer's timeline, shared by the .zwo, .erg and .mrc exporters so
 * the three files of one session always agree: the first step of several ramps up across its %FTP
 * range (a warm-up), the last of three or more ramps down across it (a cool-down), every other step
 * holds the middle of its range (what a trainer in ERG mode holds). Pure.
 */

/** A power step of the timeline, %FTP at its start and at its end. */
export interface TimelineStep {
  durationS: number;
  startPercent: number;
  endPercent: number;
  label: string;
  role: 'warmup' | 'steady' | 'cooldown';
}

/** The middle of a %FTP range. */
export const middleOf = ([low, high]: [number, number]): number => (low + high) / 2;

/** The session's power steps; a heart-rate session cannot drive a trainer (400 `needsPower`). */
export const powerSteps = (
  workout: PlannedWorkoutDto,
): (WorkoutStepDto & { targetPercentFtp: [number, number] })[] =>
  workout.steps.map((step) => {
    if (!step.targetPercentFtp) throw badRequest(WorkoutExportMessages.needsPower);
    return { ...step, targetPercentFtp: step.targetPercentFtp };
  });

/** The session as a timeline of ramps and steady holds (see the file's comment). */
export const timelineOf = (workout: PlannedWorkoutDto): TimelineStep[] => {
  const steps = powerSteps(workout);
  return steps.map((step, index): TimelineStep => {
    const [low, high] = step.targetPercentFtp;
    const base = { durationS: step.durationS, label: step.label };
    if (index === 0 && steps.length > 1)
      return { ...base, startPercent: low, endPercent: high, role: 'warmup' };
    if (index === steps.length - 1 && steps.length > 2)
      return { ...base, startPercent: high, endPercent: low, role: 'cooldown' };
    const middle = middleOf(step.targetPercentFtp);
    return { ...base, startPercent: middle, endPercent: middle, role: 'steady' };
  });
};

/** "sweet-spot-3-x-12-min": the title in ASCII letters, digits and dashes (a safe file name). */
export const slugOf = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'workout';

/** "2026-11-27-sweet-spot-3-x-12-min.zwo" */
export const fileNameOf = (workout: PlannedWorkoutDto, extension: string): string =>
  `${workout.date}-${slugOf(workout.title)}.${extension}`;
