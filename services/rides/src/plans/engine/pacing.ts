import type { EventType, PacingPlanDto, PacingSegmentDto } from '@domestique/proto';
import { ascentM, haversineM } from '../../activity-files/activity-summary.js';
import { formatMinutes, hrZoneOf } from '../../training/workouts.js';
import { EVENT_PROFILES, sustainableShare } from './event-profiles.js';
import type { CoursePoint, PlanRider } from './types.js';

/**
 * The event's pacing plan: the course resampled by distance, its elevation smoothed and cut into
 * stretches of near-constant gradient; a target power per stretch around the power the rider can
 * sustain for the expected time (more on climbs, less on descents, never above MAX_SHARE_FTP), and
 * the speed each target gives from the power balance (gravity, rolling resistance, air). Without an
 * FTP the targets are heart-rate zones and the speeds come from an assumed power. Pure.
 */

const G = 9.81;
const CRR = 0.004;
const CDA = 0.32;
const RHO = 1.2;
const BIKE_KG = 9;
const DEFAULT_RIDER_KG = 75;
/** The FTP assumed for speeds when the rider has none, W/kg. */
const ASSUMED_FTP_PER_KG = 3;
/** Speeds are capped here on descents (braking for corners), m/s. */
const MAX_SPEED_MS = 70 / 3.6;

const SAMPLE_M = 50;
/** Elevation smoothing: a moving average over this many samples either side. */
const SMOOTH_SAMPLES = 4;
const PIECE_M = 100;
const MIN_SEGMENT_M = 500;
/** A new stretch starts when the gradient changes by more than this, percent. */
const GRADIENT_BREAK = 2;
/** Target on a climb: +CLIMB_GAIN of the average per percent of gradient, up to CLIMB_MAX. */
const CLIMB_GAIN = 0.025;
const CLIMB_MAX = 1.15;
/** On a descent: -DESCENT_CUT per percent, down to DESCENT_MIN of the average. */
const DESCENT_CUT = 0.1;
const DESCENT_MIN = 0.4;
const MAX_SHARE_FTP = 1.2;

interface Sample {
  m: number;
  ele: number;
}

/** Cumulative distance of each point (haversine) with elevations; missing ones interpolated (0 without any). */
const profileOf = (points: CoursePoint[]): Sample[] => {
  let distance = 0;
  const samples = points.map((point, index) => {
    if (index > 0) {
      const previous = points[index - 1]!;
      distance += haversineM(previous.lat, previous.lng, point.lat, point.lng);
    }
    return { m: distance, ele: point.ele };
  });
  const known = samples.filter((sample): sample is Sample => sample.ele !== null);
  if (known.length === 0) return samples.map((sample) => ({ m: sample.m, ele: 0 }));
  return samples.map((sample) => ({ m: sample.m, ele: sample.ele ?? interpolate(known, sample.m) }));
};

/** Elevation at `m` along `samples` (in distance order), linear between neighbours. */
const interpolate = (samples: readonly Sample[], m: number): number => {
  if (m <= samples[0]!.m) return samples[0]!.ele;
  let low = 0;
  let high = samples.length - 1;
  if (m >= samples[high]!.m) return samples[high]!.ele;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (samples[middle]!.m <= m) low = middle;
    else high = middle;
  }
  const a = samples[low]!;
  const b = samples[high]!;
  return b.m === a.m ? a.ele : a.ele + ((b.ele - a.ele) * (m - a.m)) / (b.m - a.m);
};

/** Every SAMPLE_M metres (and the end), elevation smoothed by a moving average. */
const resample = (profile: Sample[]): Sample[] => {
  const total = profile.at(-1)!.m;
  const marks = Array.from({ length: Math.floor(total / SAMPLE_M) + 1 }, (_, index) => index * SAMPLE_M);
  if (marks.at(-1)! < total) marks.push(total);
  const raw = marks.map((m) => interpolate(profile, m));
  return marks.map((m, index) => {
    const from = Math.max(0, index - SMOOTH_SAMPLES);
    const to = Math.min(raw.length - 1, index + SMOOTH_SAMPLES);
    const window = raw.slice(from, to + 1);
    return { m, ele: window.reduce((sum, ele) => sum + ele, 0) / window.length };
  });
};

interface Stretch {
  from: Sample;
  to: Sample;
}

const lengthOf = (stretch: Stretch): number => stretch.to.m - stretch.from.m;
const gradientOf = (stretch: Stretch): number =>
  lengthOf(stretch) > 0 ? ((stretch.to.ele - stretch.from.ele) / lengthOf(stretch)) * 100 : 0;

/** Pieces of PIECE_M joined while the gradient holds, then short stretches merged into their closest neighbour. */
const stretchesOf = (samples: Sample[]): Stretch[] => {
  const step = Math.max(1, Math.round(PIECE_M / SAMPLE_M));
  const pieces: Stretch[] = [];
  for (let index = 0; index < samples.length - 1; index += step)
    pieces.push({ from: samples[index]!, to: samples[Math.min(samples.length - 1, index + step)]! });
  const stretches: Stretch[] = [];
  for (const piece of pieces) {
    const current = stretches.at(-1);
    if (current && Math.abs(gradientOf(piece) - gradientOf(current)) <= GRADIENT_BREAK) current.to = piece.to;
    else stretches.push({ ...piece });
  }
  for (;;) {
    const shortest = stretches
      .map((stretch, index) => ({ index, length: lengthOf(stretch) }))
      .filter((entry) => entry.length < MIN_SEGMENT_M)
      .sort((a, b) => a.length - b.length)[0];
    if (!shortest || stretches.length < 2) break;
    const { index } = shortest;
    const before = stretches[index - 1];
    const after = stretches[index + 1];
    const own = gradientOf(stretches[index]!);
    const intoBefore =
      before !== undefined &&
      (after === undefined || Math.abs(gradientOf(before) - own) <= Math.abs(gradientOf(after) - own));
    if (intoBefore) before.to = stretches[index]!.to;
    else after!.from = stretches[index]!.from;
    stretches.splice(index, 1);
  }
  return stretches;
};

/** Speed (m/s) at which `watts` balance gravity, rolling resistance and drag on `gradient` percent. */
export const speedFor = (watts: number, gradient: number, massKg: number): number => {
  const angle = Math.atan(gradient / 100);
  const resist = massKg * G * (Math.sin(angle) + CRR * Math.cos(angle));
  const surplus = (v: number) => v * (resist + 0.5 * RHO * CDA * v * v) - watts;
  let low = 0;
  let high = MAX_SPEED_MS;
  if (surplus(high) <= 0) return MAX_SPEED_MS;
  for (let iteration = 0; iteration < 60; iteration += 1) {
    const middle = (low + high) / 2;
    if (surplus(middle) < 0) low = middle;
    else high = middle;
  }
  return Math.max(0.5, (low + high) / 2);
};

/** The share of the average target a gradient asks for. */
const gradientShare = (gradient: number): number =>
  gradient >= 0
    ? Math.min(CLIMB_MAX, 1 + CLIMB_GAIN * gradient)
    : Math.max(DESCENT_MIN, 1 + DESCENT_CUT * gradient);

const round2 = (value: number): number => Math.round(value * 100) / 100;
const round1 = (value: number): number => Math.round(value * 10) / 10;

export function pacingPlan(
  course: { name: string; points: CoursePoint[] },
  rider: PlanRider,
  eventType: EventType,
): PacingPlanDto {
  const weightKg = rider.weightKg ?? DEFAULT_RIDER_KG;
  const massKg = weightKg + BIKE_KG;
  const ftp = rider.ftp ?? ASSUMED_FTP_PER_KG * weightKg;
  const profile = course.points.length >= 2 ? profileOf(course.points) : [];
  const elevations = course.points.flatMap((point) => (point.ele === null ? [] : [point.ele]));
  const distanceM = profile.at(-1)?.m ?? 0;
  const stretches = distanceM > 0 ? stretchesOf(resample(profile)) : [];

  // the sustainable power depends on the expected time, which depends on the targets: settle both,
  // so the time-weighted average of the targets is what the rider can hold for that time
  const share = EVENT_PROFILES[eventType].pacingShare;
  let base = ftp * sustainableShare(1) * share;
  let plan = pace(stretches, base, ftp, massKg);
  for (let iteration = 0; iteration < 8 && plan.averageWatts > 0; iteration += 1) {
    base *= (ftp * sustainableShare(plan.timeS / 3600) * share) / plan.averageWatts;
    plan = pace(stretches, base, ftp, massKg);
  }
  const byPower = rider.ftp !== null;
  const segments: PacingSegmentDto[] = plan.segments.map((segment) => ({
    fromKm: round2(segment.stretch.from.m / 1000),
    toKm: round2(segment.stretch.to.m / 1000),
    gradient: round1(gradientOf(segment.stretch)),
    targetWatts: byPower ? Math.round(segment.watts) : null,
    targetHrZone: hrZoneOf((segment.watts / ftp) * 100),
    expectedTimeS: Math.round(segment.timeS),
  }));
  const weightWords =
    rider.weightKg === null ? `${DEFAULT_RIDER_KG} kg (default: set your weight)` : `${weightKg} kg`;
  const powerWords = byPower
    ? `FTP ${rider.ftp} W, an average target of ${Math.round(plan.averageWatts)} W (${Math.round((plan.averageWatts / ftp) * 100)}% of FTP) for about ${formatMinutes(Math.round(plan.timeS / 60))}`
    : `no FTP: heart-rate zones as targets, and speeds from an assumed FTP of ${ASSUMED_FTP_PER_KG} W/kg (${Math.round(ftp)} W)`;
  return {
    courseName: course.name,
    distanceKm: round2(distanceM / 1000),
    ascentM: Math.round(ascentM(elevations)),
    expectedTimeS: Math.round(plan.timeS),
    targetAverageWatts: byPower && plan.timeS > 0 ? Math.round(plan.averageWatts) : null,
    segments,
    assumptions: `${powerWords}; rider ${weightWords} plus a ${BIKE_KG} kg bike; CdA ${CDA} m², rolling resistance ${CRR}, air density ${RHO} kg/m³, no wind; at most ${Math.round(MAX_SHARE_FTP * 100)}% of FTP on climbs and speeds capped at ${Math.round(MAX_SPEED_MS * 3.6)} km/h on descents.`,
  };
}

/** Targets and times of every stretch, from the flat-road target `base`. */
const pace = (stretches: Stretch[], base: number, ftp: number, massKg: number) => {
  const segments = stretches.map((stretch) => {
    const watts = Math.min(MAX_SHARE_FTP * ftp, base * gradientShare(gradientOf(stretch)));
    return { stretch, watts, timeS: lengthOf(stretch) / speedFor(watts, gradientOf(stretch), massKg) };
  });
  const timeS = segments.reduce((sum, segment) => sum + segment.timeS, 0);
  const averageWatts =
    timeS > 0 ? segments.reduce((sum, segment) => sum + segment.watts * segment.timeS, 0) / timeS : 0;
  return { segments, timeS, averageWatts };
};
