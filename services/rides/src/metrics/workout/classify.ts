/**
 * Coach's rules for naming a session from what was measured (never from its name). Intensities are
 * fractions of the threshold the ride was read against (FTP, or threshold heart rate).
 */
import type { WorkoutType } from '@domestique/proto';

/** The set that defines a structured session. */
export interface DominantSet {
  repeats: number;
  workSeconds: number;
  recoverySeconds: number | null;
  /** mean level of the bouts, fraction of FTP */
  level: number;
}

/**
 * A structured session is named after its main set:
 * - anaerobic / sprint: bouts above 160% of FTP, or short bouts (40 s or less) at 120% or more with
 *   recoveries at least 3x the work (full recovery between sprints);
 * - VO2max: 108% and above for 30 s to 8 min; short on/off repeats (30/30s, 40/20s, 1 min on/1 min
 *   off at 140%) count here because the short recoveries keep oxygen uptake high across the set;
 * - threshold: 93.5-108% (over-unders, whose block averages ~98%, included);
 * - sweet spot: 84.5-93.5% for at least 8 minutes;
 * - tempo: 74-84.5% held for at least 10 minutes.
 * Shorter bouts below 108% are threshold work when at or above 93.5%, else tempo.
 */
export const setType = (set: DominantSet): WorkoutType => {
  const { level, workSeconds, recoverySeconds } = set;
  const fullRecovery = recoverySeconds !== null && recoverySeconds >= 3 * workSeconds;
  if (level >= 1.6 || (workSeconds <= 40 && level >= 1.2 && (fullRecovery || set.repeats === 1)))
    return 'anaerobic';
  if (level >= 1.08 && workSeconds <= 8 * 60) return 'vo2max';
  if (level >= 0.935) return 'threshold';
  if (level >= 0.845 && workSeconds >= 8 * 60) return 'sweet-spot';
  return 'tempo';
};

/** What an unstructured ride shows. */
export interface RideShape {
  /** intensity factor (NP / FTP); null without power and FTP */
  intensityFactor: number;
  movingSeconds: number;
  /** surges above 120% of FTP lasting 8 s or more, outside any structured set, per hour */
  surgesPerHour: number;
  /** a sprint above 180% of FTP in the last 3 minutes */
  finishSprint: boolean;
}

/** Surges per hour from which a ride is no longer steady (group rides, races). */
export const MIXED_SURGES_PER_HOUR = 2;
/** Surges per hour of a race without a finishing sprint. */
export const RACE_SURGES_PER_HOUR = 12;
/** A race with a sprint finish needs only this many. */
export const RACE_WITH_SPRINT_SURGES_PER_HOUR = 5;
/** IF from which a surging ride can be a race. */
export const RACE_MIN_INTENSITY_FACTOR = 0.75;

/** Recovery: very easy and short (a long ride at low IF is still endurance). */
export const RECOVERY_MAX_INTENSITY_FACTOR = 0.6;
export const RECOVERY_MAX_SECONDS = 65 * 60;
/** Below this IF a ride is a recovery ride whatever its length. */
export const EASY_INTENSITY_FACTOR = 0.5;
export const ENDURANCE_MAX_INTENSITY_FACTOR = 0.83;
export const TEMPO_MAX_INTENSITY_FACTOR = 0.9;

/**
 * Unstructured rides: races (high IF, many surges, often a sprint finish), mixed rides (surges
 * without race intensity: group rides), otherwise by IF and length: recovery, endurance, tempo, and
 * a hard steady ride without surges (a time trial) is threshold work.
 */
export const rideType = (shape: RideShape): WorkoutType => {
  const { intensityFactor: intensity, surgesPerHour } = shape;
  if (surgesPerHour >= MIXED_SURGES_PER_HOUR) {
    const raceLike =
      surgesPerHour >= RACE_SURGES_PER_HOUR ||
      (shape.finishSprint && surgesPerHour >= RACE_WITH_SPRINT_SURGES_PER_HOUR);
    return raceLike && intensity >= RACE_MIN_INTENSITY_FACTOR ? 'race' : 'mixed';
  }
  return steadyType(intensity, shape.movingSeconds);
};

export const steadyType = (intensity: number, movingSeconds: number): WorkoutType => {
  if (intensity < EASY_INTENSITY_FACTOR) return 'recovery';
  if (intensity < RECOVERY_MAX_INTENSITY_FACTOR && movingSeconds <= RECOVERY_MAX_SECONDS) return 'recovery';
  if (intensity < ENDURANCE_MAX_INTENSITY_FACTOR) return 'endurance';
  if (intensity < TEMPO_MAX_INTENSITY_FACTOR) return 'tempo';
  return 'threshold';
};
