import '../../app/zod-jitless';
import type { WorkoutStepDto } from '@domestique/proto';
import { ZONE_COLORS } from '../analytics/chart-theme';

/**
 * A structured workout drawn as a small bar profile, the way training apps preview a session: one bar
 * per step, as wide as its share of the session and as tall as its intensity. Pure geometry.
 */

/**
 * How tall a heart-rate step is drawn: the middle of the %FTP range its zone usually matches (a
 * picture of the effort, not a target).
 */
const HR_ZONE_PERCENT_FTP: Record<number, number> = { 1: 50, 2: 68, 3: 83, 4: 98, 5: 112 };

/** The top of the profile: 150% of FTP (sprints above it are drawn at the top). */
export const PROFILE_MAX_PERCENT = 150;

/** Coggan power zones' upper bounds, %FTP: the colour of a bar. */
const ZONE_TOPS = [55, 75, 90, 105, 120, 150];

export interface ProfileBar {
  /** left edge and width, in percent of the session's duration */
  left: number;
  width: number;
  /** height, percent of the profile's height */
  height: number;
  /** the intensity drawn, %FTP */
  percentFtp: number;
  color: string;
  /** "Warm-up: 10 min at 50–65% FTP" */
  description: string;
}

/** The intensity a step is drawn at, %FTP: the middle of its range, or its heart-rate zone's. */
export const stepPercentFtp = (step: WorkoutStepDto): number => {
  if (step.targetPercentFtp) return (step.targetPercentFtp[0] + step.targetPercentFtp[1]) / 2;
  return HR_ZONE_PERCENT_FTP[step.targetHrZone ?? 1] ?? HR_ZONE_PERCENT_FTP[1]!;
};

/** "45 s", "10 min", "1 h 30 min" */
export const formatStepDuration = (seconds: number): string => {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest > 0 ? `${Math.floor(minutes / 60)} h ${rest} min` : `${Math.floor(minutes / 60)} h`;
};

/** "50–65% FTP", "HR zone 2" */
export const stepTarget = (step: WorkoutStepDto): string => {
  if (step.targetPercentFtp) {
    const [low, high] = step.targetPercentFtp;
    return low === high ? `${low}% FTP` : `${low}–${high}% FTP`;
  }
  return `HR zone ${step.targetHrZone ?? 1}`;
};

/** The profile of a session's steps (none for a rest day). */
export const stepProfile = (steps: readonly WorkoutStepDto[]): ProfileBar[] => {
  const total = steps.reduce((sum, step) => sum + Math.max(0, step.durationS), 0);
  if (total <= 0) return [];
  let elapsed = 0;
  return steps.map((step) => {
    const percentFtp = stepPercentFtp(step);
    const zone = ZONE_TOPS.findIndex((top) => percentFtp <= top);
    const bar: ProfileBar = {
      left: (elapsed / total) * 100,
      width: (Math.max(0, step.durationS) / total) * 100,
      height: (Math.min(PROFILE_MAX_PERCENT, Math.max(0, percentFtp)) / PROFILE_MAX_PERCENT) * 100,
      percentFtp,
      color: ZONE_COLORS[zone === -1 ? ZONE_TOPS.length : zone]!,
      description: stepText(step),
    };
    elapsed += Math.max(0, step.durationS);
    return bar;
  });
};

/** Two steps alike: same duration, target and label. */
const sameStep = (a: WorkoutStepDto, b: WorkoutStepDto): boolean =>
  a.durationS === b.durationS &&
  a.label === b.label &&
  a.targetHrZone === b.targetHrZone &&
  a.targetPercentFtp?.[0] === b.targetPercentFtp?.[0] &&
  a.targetPercentFtp?.[1] === b.targetPercentFtp?.[1];

const stepText = (step: WorkoutStepDto): string =>
  `${step.label}: ${formatStepDuration(step.durationS)} at ${stepTarget(step)}`;

/**
 * A session's steps in words, repeats folded as coaches write them: "5 x (VO2max: 4 min at 110–120%
 * FTP, Recovery: 4 min at 45–55% FTP)". A block of one or two steps repeated back to back is one line.
 */
export const stepLines = (steps: readonly WorkoutStepDto[]): string[] => {
  const lines: string[] = [];
  let index = 0;
  while (index < steps.length) {
    let folded = false;
    for (const size of [2, 1]) {
      const block = steps.slice(index, index + size);
      if (block.length < size) continue;
      let repeats = 1;
      while (
        index + (repeats + 1) * size <= steps.length &&
        block.every((step, offset) => sameStep(step, steps[index + repeats * size + offset]!))
      )
        repeats += 1;
      if (repeats > 1) {
        const text = block.map(stepText).join(', ');
        lines.push(size === 1 ? `${repeats} x ${text}` : `${repeats} x (${text})`);
        index += repeats * size;
        folded = true;
        break;
      }
    }
    if (!folded) {
      lines.push(stepText(steps[index]!));
      index += 1;
    }
  }
  return lines;
};
