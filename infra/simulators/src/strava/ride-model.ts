// The 1 Hz simulation of one activity: terrain, effort, physics (power -> speed), heart rate with lag
// and cardiac drift, cadence, stops and GPS. Deterministic in the activity's seed; nothing is stored.
import { maximalPower, type DemoAthlete } from './athletes.js';
import { plannedTruth, sessionOf, type ActivityPlan, type SportType, type WorkoutTruth } from './planner.js';
import { clamp, createRandom, hashSeed, type Random } from './random.js';
import type { Block } from './workouts.js';

// Math captured once: a global lookup per call is slow where jest runs tests (a vm context).
const { PI, abs, ceil, cos, exp, max, min, round, sin, sqrt } = Math;

export const STREAM_TYPES = [
  'time',
  'distance',
  'latlng',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'cadence',
  'watts',
  'moving',
  'grade_smooth',
] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/**
 * The 1 Hz samples of an activity (the first `length` entries of each array, already rounded the way
 * Strava rounds them). A sensor the activity lacks is null and is left out of the answer.
 */
export interface ActivityStreams {
  length: number;
  time: Int32Array;
  distance: Float64Array;
  lat: Float64Array | null;
  lng: Float64Array | null;
  altitude: Float64Array;
  velocity: Float64Array;
  heartrate: Int16Array | null;
  cadence: Int16Array | null;
  watts: Int16Array | null;
  moving: Uint8Array;
  grade: Float64Array;
}

export interface Simulation {
  streams: ActivityStreams;
  /** Mean mechanical power while moving (W): what Strava estimates for a ride without a power meter. */
  truePower: number;
}

/** Strava's stream JSON values of one type, or null when the activity lacks it. */
export const streamValues = (streams: ActivityStreams, type: StreamType): unknown[] | null => {
  const n = streams.length;
  const plain = (values: Int32Array | Int16Array | Float64Array | null) =>
    values ? Array.from(values.subarray(0, n)) : null;
  switch (type) {
    case 'time':
      return plain(streams.time);
    case 'distance':
      return plain(streams.distance);
    case 'latlng': {
      const { lat, lng } = streams;
      if (!lat || !lng) return null;
      const pairs: [number, number][] = new Array(n);
      for (let i = 0; i < n; i += 1) pairs[i] = [lat[i]!, lng[i]!];
      return pairs;
    }
    case 'altitude':
      return plain(streams.altitude);
    case 'velocity_smooth':
      return plain(streams.velocity);
    case 'heartrate':
      return plain(streams.heartrate);
    case 'cadence':
      return plain(streams.cadence);
    case 'watts':
      return plain(streams.watts);
    case 'moving':
      return Array.from(streams.moving.subarray(0, n), (value) => value === 1);
    case 'grade_smooth':
      return plain(streams.grade);
  }
};

/** Standard normal deviates, drawn once: noise then costs one uniform draw per sample. */
const NORMALS = (() => {
  const random = createRandom(0x6e6f);
  return Float64Array.from({ length: 8192 }, () => random.normal(0, 1));
})();

type TerrainKind = 'flat' | 'urban' | 'rolling' | 'hilly' | 'trail' | 'virtual' | 'mountain';

const TERRAIN: Record<
  Exclude<TerrainKind, 'mountain'>,
  { min: number; max: number; sd: number; cap: number }
> = {
  flat: { min: 400, max: 1500, sd: 0.008, cap: 0.025 },
  urban: { min: 200, max: 800, sd: 0.012, cap: 0.04 },
  rolling: { min: 300, max: 1200, sd: 0.025, cap: 0.07 },
  hilly: { min: 300, max: 1500, sd: 0.04, cap: 0.1 },
  trail: { min: 100, max: 400, sd: 0.06, cap: 0.16 },
  virtual: { min: 300, max: 1500, sd: 0.025, cap: 0.08 },
};

/** Gradient along the route, generated lazily as the rider advances. */
class Terrain {
  private readonly ends: number[] = [];
  private readonly grades: number[] = [];
  private readonly queue: [number, number][] = [];
  private altitude: number;
  private index = 0;
  private phase: 'approach' | 'climb' = 'climb';

  constructor(
    private readonly kind: TerrainKind,
    private readonly random: Random,
    private readonly base: number,
  ) {
    this.altitude = base;
  }

  gradeAt(distance: number): number {
    while (this.ends.length === 0 || distance >= this.ends[this.ends.length - 1]!) this.extend();
    while (distance >= this.ends[this.index]!) this.index += 1;
    const grade = this.grades[this.index]!;
    if (this.index === 0) return grade;
    const into = distance - this.ends[this.index - 1]!;
    const previous = this.grades[this.index - 1]!;
    return into < 80 ? previous + ((grade - previous) * into) / 80 : grade;
  }

  private push(length: number, grade: number) {
    const start = this.ends.length ? this.ends[this.ends.length - 1]! : 0;
    const safe = this.altitude + grade * length < 1 && grade < 0 ? -grade : grade;
    this.ends.push(start + length);
    this.grades.push(safe);
    this.altitude += safe * length;
  }

  private extend() {
    if (this.queue.length === 0) this.plan();
    const [length, grade] = this.queue.shift()!;
    this.push(length, grade);
  }

  /** Queues the next stretch of road. */
  private plan() {
    const { random } = this;
    const climb = (length: number, mean: number) => {
      for (let done = 0; done < length;) {
        const piece = min(length - done, random.range(300, 800));
        this.queue.push([piece, clamp(mean + random.normal(0, 0.012), 0.015, 0.12)]);
        done += piece;
      }
      const gain = length * mean;
      const steep = random.range(0.045, 0.07);
      for (let lost = 0; lost < gain;) {
        const piece = random.range(400, 1000);
        const grade = -clamp(steep + random.normal(0, 0.01), 0.02, 0.1);
        this.queue.push([piece, grade]);
        lost += piece * -grade;
      }
    };
    if (this.kind === 'mountain') {
      if (this.phase === 'approach') climb(random.range(3000, 12000), random.range(0.045, 0.08));
      else this.generic(TERRAIN.rolling, random.int(5, 14));
      this.phase = this.phase === 'approach' ? 'climb' : 'approach';
      return;
    }
    if (this.kind === 'virtual' && random.chance(0.05)) {
      climb(random.range(2000, 5000), random.range(0.04, 0.07));
      return;
    }
    this.generic(TERRAIN[this.kind], 1);
  }

  private generic(shape: { min: number; max: number; sd: number; cap: number }, count: number) {
    let expected = this.altitude;
    for (let i = 0; i < count; i += 1) {
      const length = this.random.range(shape.min, shape.max);
      const pull = ((expected - this.base) * shape.sd) / 300;
      const grade = clamp(this.random.normal(0, shape.sd) - pull, -shape.cap, shape.cap);
      this.queue.push([length, grade]);
      expected += grade * length;
    }
  }
}

interface Physics {
  cda: number;
  crr: number;
  bike: number;
  /** Speed the rider brakes to on descents (m/s). */
  vmax: number;
  /** Typical cruising speed, for the size of the loop (m/s). */
  cruise: number;
}

const physicsFor = (plan: ActivityPlan): Physics => {
  if (plan.commute) return { cda: 0.5, crr: 0.006, bike: 12, vmax: 11.5, cruise: 5.5 };
  const table: Record<SportType, Physics> = {
    Ride: { cda: 0.35, crr: 0.0045, bike: 8.5, vmax: 17.5, cruise: 8 },
    GravelRide: { cda: 0.36, crr: 0.008, bike: 9.5, vmax: 14, cruise: 6.5 },
    MountainBikeRide: { cda: 0.45, crr: 0.015, bike: 13, vmax: 11, cruise: 4.5 },
    EBikeRide: { cda: 0.5, crr: 0.006, bike: 23, vmax: 12, cruise: 6.5 },
    VirtualRide: { cda: 0.3, crr: 0.004, bike: 8, vmax: 19, cruise: 9 },
    Run: { cda: 0, crr: 0, bike: 0, vmax: 7, cruise: 3 },
    Walk: { cda: 0, crr: 0, bike: 0, vmax: 2.5, cruise: 1.4 },
  };
  return table[plan.sportType];
};

const terrainFor = (plan: ActivityPlan, athlete: DemoAthlete): TerrainKind => {
  if (plan.workout === 'climbing' && plan.sportType !== 'VirtualRide') return 'mountain';
  if (plan.commute || plan.sportType === 'Walk') return 'urban';
  switch (plan.sportType) {
    case 'MountainBikeRide':
      return 'trail';
    case 'GravelRide':
      return 'hilly';
    case 'VirtualRide':
      return 'virtual';
    case 'Run':
    case 'EBikeRide':
      return 'rolling';
    case 'Ride':
      break;
  }
  switch (athlete.profile) {
    case 'climber':
      return 'hilly';
    case 'commuter':
      return 'flat';
    case 'racer':
      return plan.workout === 'race' ? 'rolling' : 'flat';
    case 'allrounder':
      return 'rolling';
  }
};

/** Steady speed for a power at the wheel on a gradient: 0.5*rho*CdA*v^3 + m*g*(Crr + grade)*v = P. */
const steadySpeed = (wheelPower: number, a: number, b: number, previous: number): number => {
  if (wheelPower <= 0) return b >= 0 ? 0 : sqrt(-b / a);
  const f = (v: number) => a * v * v * v + b * v - wheelPower;
  let v = max(previous, 2);
  for (let k = 0; k < 20 && f(v) <= 0; k += 1) v *= 1.6;
  for (let k = 0; k < 12; k += 1) {
    const next = v - f(v) / (3 * a * v * v + b);
    if (abs(next - v) < 1e-3) return next;
    v = next;
  }
  return v;
};

interface Stop {
  at: number;
  seconds: number;
}

const stopsFor = (plan: ActivityPlan, random: Random, blocks: Block[] | null): Stop[] => {
  const stops: Stop[] = [];
  const total = plan.movingSeconds;
  if (plan.trainer || plan.workout === 'race') return stops;
  if (plan.commute) {
    for (let at = random.range(90, 300); at < total - 60; at += random.range(120, 420))
      stops.push({ at, seconds: random.int(8, 60) });
    return stops;
  }
  if (plan.sportType === 'Run' || plan.sportType === 'Walk') {
    for (let k = random.int(0, 2); k > 0; k -= 1)
      stops.push({ at: random.range(120, total - 120), seconds: random.int(10, 40) });
  } else {
    for (let k = random.int(0, 2); k > 0; k -= 1)
      stops.push({ at: random.range(60, min(900, total / 3)), seconds: random.int(10, 45) });
    for (let k = random.int(0, 2); k > 0; k -= 1)
      stops.push({ at: total - random.range(60, min(900, total / 3)), seconds: random.int(10, 45) });
    if (plan.sportType === 'MountainBikeRide')
      for (let k = random.int(2, 5); k > 0; k -= 1)
        stops.push({ at: random.range(300, total - 300), seconds: random.int(20, 120) });
    if (total > 9000) stops.push({ at: total * random.range(0.45, 0.6), seconds: random.int(480, 1200) });
    else if (random.chance(0.3))
      stops.push({ at: total * random.range(0.3, 0.7), seconds: random.int(60, 180) });
  }
  // nobody stops in the middle of an interval set: those stops move to the warm-up and cool-down
  const work = blocks?.filter((block) => block.bout !== undefined) ?? [];
  const inSet = (at: number) => work.length > 0 && at >= work[0]!.start && at <= work[work.length - 1]!.end;
  return stops.filter((stop) => stop.at > 30 && !inSet(stop.at)).sort((a, b) => a.at - b.at);
};

/** Seconds around a decisive move without surges (waiting for it, recovering from it). */
const ATTACK_CALM_SECONDS = 60;

/** How long the decisive move of a race or a group ride lasts (seconds). */
const DECISIVE_SECONDS: Partial<Record<ActivityPlan['workout'], readonly [number, number]>> = {
  race: [180, 480],
  group: [150, 300],
};

/**
 * The decisive move of a race (an attack or a climb, 3-8 minutes) or a group ride (the hill everyone
 * races up, 2.5-5 minutes): all-out at the athlete's maximal power for that duration (athletes.ts's
 * maximalPower), in the second half, done before a race's final sprint. Null for other rides. From its
 * own random stream, so the rest of the ride goes as before.
 */
export const decisiveMove = (
  plan: Pick<ActivityPlan, 'seed' | 'movingSeconds' | 'workout'>,
  athlete: Pick<DemoAthlete, 'ftp' | 'profile'>,
): { start: number; end: number; level: number } | null => {
  const range = DECISIVE_SECONDS[plan.workout];
  if (!range) return null;
  const random = createRandom(hashSeed(plan.seed, 0xa7));
  const seconds = random.int(...range);
  const latest = Math.max(0, plan.movingSeconds - seconds - 180);
  const start = Math.min(latest, Math.round(plan.movingSeconds * random.range(0.5, 0.85)));
  return { start, end: start + seconds, level: maximalPower(athlete, seconds) / athlete.ftp };
};

/** Effort (fraction of FTP) over moving time, before terrain and noise. */
class Effort {
  private readonly blocks: Block[] | null;
  private block = 0;
  private readonly base: number;
  private readonly climb: number;
  private readonly period: number;
  private readonly phase: number;
  private surgeLeft = 0;
  private surgeLevel = 0;
  private readonly surgeChance: number;
  private readonly surgeMax: number;
  private readonly sprint: number;
  /** The decisive move of a race or a group ride, ridden all-out; null for other rides. */
  private readonly attack: { start: number; end: number; level: number } | null;

  constructor(
    private readonly plan: ActivityPlan,
    private readonly random: Random,
    blocks: Block[] | null,
    athlete: Pick<DemoAthlete, 'ftp' | 'profile'>,
  ) {
    const w = plan.workout;
    this.blocks = blocks;
    const bases: Record<typeof w, readonly [number, number]> = {
      recovery: [0.45, 0.55],
      endurance: [0.6, 0.72],
      long: [0.58, 0.68],
      group: [0.6, 0.68],
      intervals: [0.6, 0.7],
      test: [0.6, 0.7],
      climbing: [0.6, 0.7],
      race: [0.65, 0.72],
      commute: [0.45, 0.6],
      run: [0.72, 0.84],
      walk: [0.28, 0.34],
    };
    this.base = random.range(...bases[w]);
    // riders push on climbs, to tempo at most outside races (a climbing day rides its long climbs at
    // a steady tempo, inside an endurance ride); a little on a recovery ride (spinning up in a small
    // gear); not at all around the sets of an interval day (the legs are saved for the work); a
    // commuter gets up the hills to work as it comes
    this.climb =
      w === 'climbing'
        ? random.range(0.74, 0.84)
        : w === 'race'
          ? 0.92
          : w === 'recovery'
            ? this.base + 0.1
            : w === 'intervals' || w === 'test'
              ? this.base
              : w === 'commute'
                ? min(this.base + 0.2, 0.92)
                : min(this.base + 0.15, 0.85);
    this.period = random.range(600, 1800);
    this.phase = random.range(0, PI * 2);
    this.surgeChance =
      w === 'race' ? (plan.movingSeconds < 4500 ? 1 / 80 : 1 / 150) : w === 'group' ? 1 / 300 : 0;
    this.surgeMax = w === 'race' ? 1.7 : 1.4;
    this.sprint = w === 'race' ? random.range(2.6, 3.2) : 0;
    this.attack = decisiveMove(plan, athlete);
  }

  /** Whether the last effort was a targeted block (ERG-like) that terrain and coasting leave alone. */
  structured = false;
  /** Whether the last effort was all-out (a test, a decisive move): evenly paced, less noise. */
  allOut = false;

  /** Effort at moving second `t`, as a fraction of FTP. */
  at(t: number): number {
    if (this.blocks) {
      while (this.block < this.blocks.length - 1 && t >= this.blocks[this.block]!.end) this.block += 1;
      const b = this.blocks[this.block]!;
      const progress = clamp((t - b.start) / max(1, b.end - b.start), 0, 1);
      this.structured = b.structured;
      this.allOut = b.allOut === true;
      return b.from + (b.to - b.from) * progress;
    }
    this.structured = true;
    this.allOut = false;
    if (this.sprint && t >= this.plan.movingSeconds - 20) return this.sprint;
    const attack = this.attack;
    if (attack && t >= attack.start - ATTACK_CALM_SECONDS && t < attack.end + ATTACK_CALM_SECONDS) {
      // all-out, with no surge just before it, then sitting up to recover
      this.surgeLeft = 0;
      this.allOut = t >= attack.start && t < attack.end;
      if (this.allOut) return attack.level;
      this.structured = false;
      return t < attack.start ? this.base : this.base * 0.7;
    }
    if (this.surgeLeft > 0) {
      this.surgeLeft -= 1;
      return this.surgeLevel;
    }
    if (this.surgeChance && this.random.chance(this.surgeChance)) {
      this.surgeLeft = this.random.int(8, 30);
      this.surgeLevel = this.random.range(1.05, this.surgeMax);
    }
    const warm = t < 600 ? 0.75 + (0.25 * t) / 600 : 1;
    const hours = t / 3600;
    const fatigue = this.plan.workout === 'long' && hours > 2 ? 1 - 0.035 * (hours - 2) : 1;
    const wave = 1 + 0.06 * sin((2 * PI * t) / this.period + this.phase);
    this.structured = false;
    return this.base * warm * fatigue * wave;
  }

  /** The effort a gradient asks for (riders push on climbs). */
  onGrade(fraction: number, grade: number): number {
    if (grade <= 0.015) return fraction;
    const target = max(fraction, this.climb);
    return fraction + (target - fraction) * min(1, (grade - 0.015) / 0.04);
  }
}

/** Growable typed arrays for the samples (an activity's length is known only once it is ridden). */
const allocate = (capacity: number, plan: ActivityPlan, gps: boolean): ActivityStreams => ({
  length: 0,
  time: new Int32Array(capacity),
  distance: new Float64Array(capacity),
  lat: gps ? new Float64Array(capacity) : null,
  lng: gps ? new Float64Array(capacity) : null,
  altitude: new Float64Array(capacity),
  velocity: new Float64Array(capacity),
  heartrate: plan.heartRate ? new Int16Array(capacity) : null,
  cadence: plan.cadence ? new Int16Array(capacity) : null,
  watts: plan.power ? new Int16Array(capacity) : null,
  moving: new Uint8Array(capacity),
  grade: new Float64Array(capacity),
});

const grow = (streams: ActivityStreams): void => {
  const capacity = ceil(streams.time.length * 1.5) + 600;
  const copy = <A extends Int32Array | Int16Array | Float64Array | Uint8Array>(
    values: A | null,
    make: (n: number) => A,
  ) => {
    if (!values) return null;
    const bigger = make(capacity);
    bigger.set(values);
    return bigger;
  };
  Object.assign(streams, {
    time: copy(streams.time, (n) => new Int32Array(n))!,
    distance: copy(streams.distance, (n) => new Float64Array(n))!,
    lat: copy(streams.lat, (n) => new Float64Array(n)),
    lng: copy(streams.lng, (n) => new Float64Array(n)),
    altitude: copy(streams.altitude, (n) => new Float64Array(n))!,
    velocity: copy(streams.velocity, (n) => new Float64Array(n))!,
    heartrate: copy(streams.heartrate, (n) => new Int16Array(n)),
    cadence: copy(streams.cadence, (n) => new Int16Array(n)),
    watts: copy(streams.watts, (n) => new Int16Array(n)),
    moving: copy(streams.moving, (n) => new Uint8Array(n))!,
    grade: copy(streams.grade, (n) => new Float64Array(n))!,
  });
};

/** Slow power noise of an all-out effort (paced evenly: its mean stays within about 1% of the target). */
const ALL_OUT_MIX = 0.008;

const UP = 1 - exp(-1 / 7);
const DOWN = 1 - exp(-1 / 12);

/** Simulates an activity second by second; null for a manual entry (it has no streams). */
export const simulate = (plan: ActivityPlan, athlete: DemoAthlete): Simulation | null => {
  if (plan.manual) return null;
  const random = createRandom(hashSeed(plan.seed, 0x5e));
  const foot = plan.sportType === 'Run' || plan.sportType === 'Walk';
  const physics = physicsFor(plan);
  const mass = athlete.weight + physics.bike;
  const base = plan.sportType === 'VirtualRide' ? 10 : athlete.elevation;
  const terrain = new Terrain(terrainFor(plan, athlete), random, base);
  const blocks = sessionOf(plan)?.blocks ?? null;
  const effort = new Effort(plan, random, blocks, athlete);
  const stops = stopsFor(plan, random, blocks);
  const gps = !plan.trainer;
  const { ftp, restingHeartrate: rest, maxHeartrate: maxHr } = athlete;
  const month = new Date(plan.start * 1000).getUTCMonth() + 1;
  const heat = !plan.trainer && month >= 6 && month <= 8 ? 1.6 : 1;
  const drift = athlete.drift * random.range(0.5, 1.7) * heat * (plan.trainer ? 1.7 : 1);
  const thresholdPace = 1.2 + (0.7 * ftp) / athlete.weight;
  const cadenceBase = athlete.cadence + (plan.sportType === 'MountainBikeRide' ? -8 : 0);
  const coastOnFlat = plan.trainer ? 0.001 : plan.commute ? 0.012 : plan.workout === 'race' ? 0.02 : 0.006;
  const loop = plan.movingSeconds * physics.cruise;
  const turn = [random.range(0, PI * 2), random.range(0, PI * 2), random.range(0, PI * 2)];
  const lngScale = 1 / (111_320 * cos((athlete.latitude * PI) / 180));

  const streams = allocate(
    plan.movingSeconds + stops.reduce((sum, stop) => sum + stop.seconds + 12, 0) + 60,
    plan,
    gps,
  );
  // the sample arrays as locals (the hot loop writes them every second); refreshed if they grow
  let { time, distance, altitude, velocity, grade: grades, moving: movingFlags } = streams;
  let { lat: lats, lng: lngs, watts, cadence: cadences, heartrate: heartrates } = streams;
  const next = random.next;
  const gauss = () => NORMALS[(next() * 8192) | 0]!;
  let v = 0;
  let d = 0;
  let alt = base;
  let rhoAltitude = Number.NaN;
  let rho = 1.225;
  let grade = terrain.gradeAt(0);
  let lat = athlete.latitude + random.range(-0.004, 0.004);
  let lng = athlete.longitude + random.range(-0.004, 0.004);
  let headingCos = 1;
  let headingSin = 0;
  let hr = rest + 0.2 * (maxHr - rest);
  let ema = 0.3;
  let ar = 0;
  let coasting = false;
  let stopIndex = 0;
  let braking = false;
  let stopLeft = 0;
  let movingCount = 0;
  let powerSum = 0;
  let power = 0;
  let cadence = 0;
  let samples = 0;
  const limit = plan.movingSeconds * 3 + 7200;
  const arMix = plan.trainer ? 0.012 : 0.025;
  const whiteMix = plan.trainer ? 0.02 : 0.055;

  const record = (i: number, moving: boolean) => {
    if (i >= time.length) {
      grow(streams);
      ({ time, distance, altitude, velocity, grade: grades, moving: movingFlags } = streams);
      ({ lat: lats, lng: lngs, watts, cadence: cadences, heartrate: heartrates } = streams);
    }
    time[i] = i;
    distance[i] = round(d * 10) / 10;
    altitude[i] = round(alt * 10) / 10;
    velocity[i] = round(v * 100) / 100;
    grades[i] = round(grade * 1000) / 10;
    movingFlags[i] = moving ? 1 : 0;
    if (lats && lngs) {
      lats[i] = round(lat * 1e6) / 1e6;
      lngs[i] = round(lng * 1e6) / 1e6;
    }
    if (watts) watts[i] = round(power);
    if (cadences) cadences[i] = round(cadence);
    if (heartrates) heartrates[i] = round(clamp(hr + gauss() * 0.7, rest, maxHr));
    samples = i + 1;
  };
  record(0, false);

  for (let i = 1; i < limit && movingCount < plan.movingSeconds; i += 1) {
    grade = terrain.gradeAt(d);
    if (!braking && stopLeft === 0 && stopIndex < stops.length && movingCount >= stops[stopIndex]!.at)
      braking = true;
    const stopped = braking || stopLeft > 0;
    let fraction = 0;
    let structured = false;
    if (!stopped) {
      fraction = effort.at(movingCount);
      structured = effort.structured;
      if (!structured && !foot) {
        fraction = effort.onGrade(fraction, grade);
        const descending = grade < -0.025;
        const enter = descending ? (plan.trainer ? 0.04 : 0.12) : coastOnFlat;
        const leave = descending ? 0.04 : 0.25;
        coasting = coasting ? next() >= leave : next() < enter;
        if (descending && v > physics.vmax - 1) coasting = true;
        if (coasting) fraction = 0;
      }
    }
    const previous = v;
    if (foot) {
      power = 0;
      if (stopped) v = 0;
      else {
        const pace = plan.sportType === 'Run' ? thresholdPace * fraction : 1.35 + 0.2 * (fraction - 0.3);
        const target = clamp(pace * (1 - 2.5 * grade), 0.6, physics.vmax) * (1 + gauss() * 0.02);
        v += (target - v) * 0.3;
      }
    } else {
      ar = 0.9 * ar + gauss() * (effort.allOut ? ALL_OUT_MIX : structured ? arMix : 0.025);
      const white = gauss() * (structured ? whiteMix : 0.055);
      power = fraction > 0 ? max(0, ftp * fraction * (1 + ar + white)) : 0;
      let wheel = power;
      if (plan.sportType === 'EBikeRide') {
        power *= 0.55;
        wheel = power + min(250, power * 1.5) * clamp((6.94 - v) / 1.5, 0, 1);
      }
      if (!(abs(alt - rhoAltitude) < 10)) {
        rhoAltitude = alt;
        rho = 1.225 * exp(-alt / 8500);
      }
      const a = 0.5 * rho * physics.cda;
      const b = mass * 9.81 * (physics.crr + grade);
      if (braking) v = max(0, v - 2.2);
      else if (stopLeft > 0) v = 0;
      else {
        const steady = steadySpeed(wheel * 0.976, a, b, v);
        v = min(v + (steady - v) * (steady > v ? UP : DOWN), physics.vmax);
        if (coasting && grade > -0.025) v *= 0.985;
      }
    }
    if (braking && v === 0) {
      braking = false;
      stopLeft = stops[stopIndex]!.seconds;
      stopIndex += 1;
    } else if (stopLeft > 0 && !braking) {
      stopLeft -= 1;
    }
    const step = (previous + v) / 2;
    d += step;
    alt += grade * step;
    if (gps) {
      if (i % 4 === 1) {
        const heading =
          turn[0]! +
          (plan.commute ? 0 : (2 * PI * d) / loop) +
          0.45 * sin((2 * PI * d) / 2600 + turn[1]!) +
          0.25 * sin((2 * PI * d) / 900 + turn[2]!);
        headingCos = cos(heading);
        headingSin = sin(heading);
      }
      lat += (headingCos * step) / 111_320;
      lng += headingSin * step * lngScale;
    }
    const moving = v >= 0.5;
    // heart rate follows a smoothed effort, drifts upward with time, and falls when stopped
    const intensity = foot ? fraction : power / ftp;
    ema += (intensity - ema) / 15;
    const level = stopped ? 0.25 : (0.22 + 0.66 * min(ema, 1.35)) * (1 + (drift * movingCount) / 3600);
    const target = rest + (maxHr - rest) * min(0.985, level);
    hr += (target - hr) * (target > hr ? 0.045 : 0.028);
    if (foot)
      cadence = stopped ? 0 : (plan.sportType === 'Run' ? 82 + 6 * (fraction - 0.75) : 55) + gauss() * 1.5;
    else if (power < 20 || stopped) cadence = 0;
    else if (fraction > 2) cadence = 108 + gauss() * 4;
    else
      cadence = clamp(
        cadenceBase - 160 * max(0, grade - 0.02) + 10 * (min(power / ftp, 1.5) - 0.7) + gauss() * 2.5,
        55,
        125,
      );
    if (moving) {
      movingCount += 1;
      powerSum += power;
    }
    record(i, moving);
  }
  streams.length = samples;
  return { streams, truePower: movingCount ? powerSum / movingCount : 0 };
};

/** A ride's simulation and what it was (the ground truth a workout reader is scored against). */
export interface SimulatedWorkout {
  simulation: Simulation;
  /** Interval starts in seconds of the 1 Hz streams (elapsed: stops included); null for runs and walks. */
  truth: WorkoutTruth | null;
}

/**
 * Simulates a plan and places its ground truth on the streams' time base: the planner's bouts are in
 * moving seconds, the streams count every second (stops included). Null for a manual entry.
 */
export const simulateWithTruth = (plan: ActivityPlan, athlete: DemoAthlete): SimulatedWorkout | null => {
  const simulation = simulate(plan, athlete);
  if (!simulation) return null;
  const planned = plannedTruth(plan);
  if (!planned) return { simulation, truth: null };
  const { moving, length } = simulation.streams;
  // elapsed second of each moving second: the effort of moving second t is recorded at the sample
  // where the t-th (0-based) moving flag is set
  const elapsedOf: number[] = [];
  for (let i = 0; i < length; i += 1) if (moving[i] === 1) elapsedOf.push(i);
  const at = (t: number) => elapsedOf[Math.min(t, elapsedOf.length - 1)] ?? t;
  const intervals = planned.intervals.map((interval) => {
    const start = at(interval.startSecond);
    return {
      ...interval,
      startSecond: start,
      durationSeconds: at(interval.startSecond + interval.durationSeconds - 1) + 1 - start,
    };
  });
  return { simulation, truth: { ...planned, intervals } };
};
