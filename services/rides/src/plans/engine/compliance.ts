import type { PlannedWorkoutDto, SessionComplianceDto, WorkoutStepDto } from '@domestique/proto';
import { formatMinutes, hrZoneOf } from '../../training/workouts.js';
import { zoneBpm } from './heart-rate.js';
import type { ComplianceRide, PlanRider } from './types.js';

/**
 * How a completed ride matched its planned session: duration and load against the plan, the share
 * of time spent in the session's target ranges (from the 1 Hz streams), a 0-100 score, a verdict
 * and one sentence. Pure.
 */

/** Within this band of the plan (load and duration), the session was done as planned. */
const DONE_LOW = 0.8;
const DONE_HIGH = 1.2;
/** Score weights: load, duration, time in target (redistributed when there are no streams). */
const WEIGHTS = { load: 0.4, duration: 0.3, inTarget: 0.3 };

const r0 = Math.round;
const round2 = (value: number): number => Math.round(value * 100) / 100;

/** 1 at the plan, falling linearly to 0 at 0% or 200% of it. */
const closeness = (ratio: number): number => Math.max(0, 1 - Math.abs(1 - ratio));

type Range = [number, number];

/** A step's target as a range of the stream it is checked on (watts or bpm), or null when it cannot be. */
const targetRange = (
  step: WorkoutStepDto,
  basis: 'watts' | 'heartrate',
  rider: Pick<PlanRider, 'ftp' | 'lthr'>,
): Range | null => {
  if (basis === 'watts') {
    if (!step.targetPercentFtp || rider.ftp === null) return null;
    return [(step.targetPercentFtp[0] * rider.ftp) / 100, (step.targetPercentFtp[1] * rider.ftp) / 100];
  }
  if (rider.lthr === null) return null;
  const zone =
    step.targetHrZone ??
    (step.targetPercentFtp ? hrZoneOf((step.targetPercentFtp[0] + step.targetPercentFtp[1]) / 2) : null);
  return zone === null ? null : zoneBpm(zone, rider.lthr);
};

/**
 * Share of the seconds covered by both the stream and the steps (laid end to end) that sit in the
 * step's range: power when there are watts and an FTP, else heart rate with a threshold heart rate.
 */
export const timeInTarget = (
  steps: readonly WorkoutStepDto[],
  ride: Pick<ComplianceRide, 'watts' | 'heartrate'>,
  rider: Pick<PlanRider, 'ftp' | 'lthr'>,
): number | null => {
  const basis =
    ride.watts && ride.watts.length > 0 && rider.ftp !== null && steps.some((step) => step.targetPercentFtp)
      ? 'watts'
      : ride.heartrate && ride.heartrate.length > 0 && rider.lthr !== null
        ? 'heartrate'
        : null;
  if (basis === null) return null;
  const stream = ride[basis]!;
  let counted = 0;
  let inside = 0;
  let start = 0;
  for (const step of steps) {
    const range = targetRange(step, basis, rider);
    const end = Math.min(stream.length, start + step.durationS);
    if (range)
      for (let second = start; second < end; second += 1) {
        counted += 1;
        const value = stream[second]!;
        if (value >= range[0] && value <= range[1]) inside += 1;
      }
    start += step.durationS;
    if (start >= stream.length) break;
  }
  return counted === 0 ? null : inside / counted;
};

const verdictOf = (loadRatio: number, durationRatio: number): SessionComplianceDto['verdict'] => {
  if (loadRatio > DONE_HIGH || (durationRatio > DONE_HIGH && loadRatio >= DONE_LOW)) return 'harder';
  if (loadRatio >= DONE_LOW && durationRatio >= DONE_LOW && durationRatio <= DONE_HIGH) return 'done';
  return 'partial';
};

const VERDICT_WORDS: Record<SessionComplianceDto['verdict'], string> = {
  done: 'done as planned',
  partial: 'shorter or easier than planned',
  harder: 'harder than planned',
};

const minutes = (seconds: number): string => formatMinutes(r0(seconds / 60));

export function complianceOf(
  session: PlannedWorkoutDto,
  ride: ComplianceRide,
  rider: Pick<PlanRider, 'ftp' | 'lthr'>,
): SessionComplianceDto {
  const durationRatio = session.durationS > 0 ? ride.durationS / session.durationS : 1;
  // without a measured load, assume the session was ridden at its planned intensity
  const load = ride.load ?? session.plannedLoad * durationRatio;
  const loadRatio = session.plannedLoad > 0 ? load / session.plannedLoad : durationRatio;
  const inTarget = timeInTarget(session.steps, ride, rider);
  const parts =
    inTarget === null
      ? (closeness(loadRatio) * WEIGHTS.load + closeness(durationRatio) * WEIGHTS.duration) /
        (WEIGHTS.load + WEIGHTS.duration)
      : closeness(loadRatio) * WEIGHTS.load +
        closeness(durationRatio) * WEIGHTS.duration +
        inTarget * WEIGHTS.inTarget;
  const verdict = verdictOf(loadRatio, durationRatio);
  const inTargetWords = inTarget === null ? '' : `, ${r0(inTarget * 100)}% of the time in the target ranges`;
  return {
    rideId: ride.id,
    rideName: ride.name,
    durationS: ride.durationS,
    load: r0(load),
    durationRatio: round2(durationRatio),
    loadRatio: round2(loadRatio),
    timeInTargetRatio: inTarget === null ? null : round2(inTarget),
    score: r0(parts * 100),
    verdict,
    summary: `${minutes(ride.durationS)} of the planned ${minutes(session.durationS)} (${r0(durationRatio * 100)}%) for ${r0(load)} of ${session.plannedLoad} TSS (${r0(loadRatio * 100)}%)${ride.load === null ? ', load estimated from the duration' : ''}${inTargetWords}: ${VERDICT_WORDS[verdict]}.`,
  };
}

/** How far a ride is from a session: 0 when its load and duration are as planned. */
const distance = (session: PlannedWorkoutDto, ride: ComplianceRide): number => {
  const durationRatio = session.durationS > 0 ? ride.durationS / session.durationS : 1;
  const loadRatio =
    session.plannedLoad > 0 && ride.load !== null ? ride.load / session.plannedLoad : durationRatio;
  return Math.abs(Math.log(Math.max(1e-3, durationRatio))) + Math.abs(Math.log(Math.max(1e-3, loadRatio)));
};

/** Pairs a day's sessions with its rides (each used once; the closest in load/duration first). */
export function matchDay<S extends PlannedWorkoutDto & { key: string }>(
  sessions: S[],
  rides: ComplianceRide[],
): { session: S; ride: ComplianceRide }[] {
  const pairs = sessions
    .flatMap((session) => rides.map((ride) => ({ session, ride, distance: distance(session, ride) })))
    .sort((a, b) => a.distance - b.distance);
  const usedSessions = new Set<string>();
  const usedRides = new Set<string>();
  const matched: { session: S; ride: ComplianceRide }[] = [];
  for (const pair of pairs) {
    if (usedSessions.has(pair.session.key) || usedRides.has(pair.ride.id)) continue;
    usedSessions.add(pair.session.key);
    usedRides.add(pair.ride.id);
    matched.push({ session: pair.session, ride: pair.ride });
  }
  return matched.sort((a, b) => sessions.indexOf(a.session) - sessions.indexOf(b.session));
}
