// The history of each demo athlete, planned cheaply and eagerly: dates, sport types, workouts, sensors
// and privacy. The 1 Hz data of an activity is simulated later, on demand (ride-model.ts).
import { maximalPower, type DemoAthlete, type RiderProfile } from './athletes.js';
import { createRandom, hashSeed, type Random } from './random.js';
import {
  FTP_TEST_SECONDS,
  ftpTestSession,
  intervalSession,
  type IntervalSession,
  type TruthWorkoutType,
} from './workouts.js';
import { utcOffsetSeconds, zonedToEpoch } from './timezone.js';

export const CYCLING_SPORT_TYPES = [
  'Ride',
  'MountainBikeRide',
  'GravelRide',
  'EBikeRide',
  'VirtualRide',
] as const;
export type CyclingSportType = (typeof CYCLING_SPORT_TYPES)[number];
export type SportType = CyclingSportType | 'Run' | 'Walk';
export const SPORT_TYPES: readonly SportType[] = [...CYCLING_SPORT_TYPES, 'Run', 'Walk'];

/** What the athlete set out to do; drives the power (effort) profile of the simulation. */
export type Workout =
  | 'recovery'
  | 'endurance'
  | 'long'
  | 'group'
  | 'intervals'
  | 'test'
  | 'climbing'
  | 'race'
  | 'commute'
  | 'run'
  | 'walk';
export const WORKOUTS: readonly Workout[] = [
  'recovery',
  'endurance',
  'long',
  'group',
  'intervals',
  'test',
  'climbing',
  'race',
  'commute',
  'run',
  'walk',
];

export type Visibility = 'everyone' | 'followers_only' | 'only_me';

export interface ActivityPlan {
  id: number;
  athleteId: number;
  /** Seed of this activity's simulation (independent of every other activity). */
  seed: number;
  sportType: SportType;
  workout: Workout;
  /** Start, epoch seconds (UTC). */
  start: number;
  /** Planned moving time in seconds (the simulation rides until it is reached). */
  movingSeconds: number;
  trainer: boolean;
  commute: boolean;
  manual: boolean;
  /** A power meter or smart trainer recorded watts (device_watts). */
  power: boolean;
  heartRate: boolean;
  cadence: boolean;
  visibility: Visibility;
  name: string;
  gearId: string | null;
  deviceName: string;
  /** FTP tests: the fraction of FTP the athlete holds for the test's 20 minutes all-out (their P(1200)). */
  testFraction?: number;
}

/** What a generated ride was, as a coach reads it: the ground truth a workout reader is scored against. */
export interface WorkoutTruth {
  type: TruthWorkoutType;
  /** Work bouts of a structured session (empty for other rides), in moving seconds from the start. */
  intervals: { startSecond: number; durationSeconds: number; fractionOfFtp: number }[];
  /** "4 x 8 min at 101% of FTP with 4 min easy"; null for a ride without a structured set. */
  structure: string | null;
}

/** "30 s", "8 min", "1 min 30 s". */
const spoken = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
};

/** The structured session of an interval day or an FTP test; null for other plans. */
export const sessionOf = (
  plan: Pick<ActivityPlan, 'workout' | 'seed' | 'movingSeconds' | 'testFraction'>,
): IntervalSession | null => {
  if (plan.workout === 'intervals') return intervalSession(plan.seed, plan.movingSeconds);
  if (plan.workout === 'test') return ftpTestSession(plan.movingSeconds, plan.testFraction ?? 1);
  return null;
};

/**
 * The ground truth of a plan (null for runs, walks and manual entries). Interval days are what their
 * set is (workouts.ts). Other rides, as a coach reads what the simulation rides: recovery spins,
 * commutes (45-60% of FTP, in town) and e-bike rides (the motor carries most of the effort: the rider
 * works at about a third of FTP) are recovery rides; endurance, long and climbing days (climbs pushed
 * inside a long aerobic ride, no structure) are endurance rides; group rides (steady riding broken by
 * surges, one hill raced up all-out) are mixed; races (surges, one decisive move all-out, a sprint)
 * are races. An FTP test (20 minutes all-out, 105-110% of FTP) is threshold
 * work.
 */
export const plannedTruth = (plan: ActivityPlan): WorkoutTruth | null => {
  if (plan.manual || plan.sportType === 'Run' || plan.sportType === 'Walk') return null;
  const steady = (type: TruthWorkoutType): WorkoutTruth => ({ type, intervals: [], structure: null });
  if (plan.sportType === 'EBikeRide' || plan.commute) return steady('recovery');
  switch (plan.workout) {
    case 'recovery':
    case 'commute':
      return steady('recovery');
    case 'group':
      return steady('mixed');
    case 'race':
      return steady('race');
    case 'intervals':
    case 'test':
      break;
    default:
      return steady('endurance');
  }
  const session = sessionOf(plan)!;
  const intervals: WorkoutTruth['intervals'] = [];
  for (const block of session.blocks) {
    if (block.bout === undefined) continue;
    const seconds = block.end - block.start;
    const last = intervals[block.bout];
    if (!last) {
      intervals.push({ startSecond: block.start, durationSeconds: seconds, fractionOfFtp: block.from });
      continue;
    }
    // an over-under is one bout: its level is the time-weighted mean of its parts
    const total = last.durationSeconds + seconds;
    last.fractionOfFtp = (last.fractionOfFtp * last.durationSeconds + block.from * seconds) / total;
    last.durationSeconds = total;
  }
  const percent = Math.round(
    (100 * intervals.reduce((sum, interval) => sum + interval.fractionOfFtp, 0)) / intervals.length,
  );
  const easy = session.repeats > 1 ? ` with ${spoken(session.restSeconds)} easy` : '';
  return {
    type: session.type,
    intervals,
    structure: `${session.repeats} x ${spoken(session.workSeconds)} at ${percent}% of FTP${easy}`,
  };
};

type Slot = 'early' | 'morning' | 'lunch' | 'evening' | 'late' | 'commuteAm' | 'commutePm';

interface Template {
  sport: SportType;
  workout: Workout;
  hours: readonly [number, number];
  slot: Slot;
}

const T = {
  recovery: { sport: 'Ride', workout: 'recovery', hours: [0.6, 1.0], slot: 'evening' },
  endurance: { sport: 'Ride', workout: 'endurance', hours: [1.2, 2.1], slot: 'morning' },
  long: { sport: 'Ride', workout: 'long', hours: [2.6, 4.6], slot: 'morning' },
  group: { sport: 'Ride', workout: 'group', hours: [1.5, 2.5], slot: 'morning' },
  intervals: { sport: 'Ride', workout: 'intervals', hours: [1.0, 1.6], slot: 'evening' },
  test: { sport: 'Ride', workout: 'test', hours: [0.92, 1.17], slot: 'evening' },
  climbing: { sport: 'Ride', workout: 'climbing', hours: [2.0, 4.0], slot: 'morning' },
  race: { sport: 'Ride', workout: 'race', hours: [1.2, 2.8], slot: 'morning' },
  crit: { sport: 'Ride', workout: 'race', hours: [0.75, 1.0], slot: 'evening' },
  gravel: { sport: 'GravelRide', workout: 'endurance', hours: [1.5, 3.5], slot: 'morning' },
  mtb: { sport: 'MountainBikeRide', workout: 'endurance', hours: [1.0, 2.5], slot: 'morning' },
  ebike: { sport: 'EBikeRide', workout: 'endurance', hours: [0.5, 1.2], slot: 'lunch' },
  virtual: { sport: 'VirtualRide', workout: 'intervals', hours: [0.75, 1.5], slot: 'late' },
  run: { sport: 'Run', workout: 'run', hours: [0.4, 1.0], slot: 'early' },
  walk: { sport: 'Walk', workout: 'walk', hours: [0.5, 1.2], slot: 'lunch' },
} as const satisfies Record<string, Template>;
type TemplateKey = keyof typeof T;

type DayChoices = readonly (readonly [number, TemplateKey | null])[];

/** Monday first. */
const WEEKS: Record<RiderProfile, readonly DayChoices[]> = {
  allrounder: [
    [
      [0.65, null],
      [0.2, 'recovery'],
      [0.15, 'run'],
    ],
    [
      [0.3, null],
      [0.7, 'intervals'],
    ],
    [
      [0.4, null],
      [0.45, 'endurance'],
      [0.15, 'mtb'],
    ],
    [
      [0.3, null],
      [0.45, 'intervals'],
      [0.25, 'group'],
    ],
    [
      [0.6, null],
      [0.2, 'recovery'],
      [0.1, 'run'],
      [0.1, 'walk'],
    ],
    [
      [0.1, null],
      [0.45, 'long'],
      [0.2, 'gravel'],
      [0.15, 'climbing'],
      [0.1, 'race'],
    ],
    [
      [0.2, null],
      [0.35, 'climbing'],
      [0.2, 'endurance'],
      [0.1, 'mtb'],
      [0.1, 'gravel'],
      [0.05, 'walk'],
    ],
  ],
  climber: [
    [
      [0.7, null],
      [0.2, 'recovery'],
      [0.1, 'walk'],
    ],
    [
      [0.2, null],
      [0.55, 'intervals'],
      [0.25, 'endurance'],
    ],
    [
      [0.3, null],
      [0.4, 'climbing'],
      [0.3, 'endurance'],
    ],
    [
      [0.25, null],
      [0.45, 'intervals'],
      [0.3, 'group'],
    ],
    [
      [0.7, null],
      [0.3, 'recovery'],
    ],
    [
      [0.05, null],
      [0.55, 'climbing'],
      [0.25, 'long'],
      [0.15, 'race'],
    ],
    [
      [0.15, null],
      [0.35, 'long'],
      [0.35, 'climbing'],
      [0.15, 'gravel'],
    ],
  ],
  commuter: [
    [
      [0.85, null],
      [0.08, 'ebike'],
      [0.07, 'walk'],
    ],
    [
      [0.85, null],
      [0.1, 'virtual'],
      [0.05, 'walk'],
    ],
    [
      [0.85, null],
      [0.1, 'ebike'],
      [0.05, 'run'],
    ],
    [
      [0.85, null],
      [0.1, 'virtual'],
      [0.05, 'walk'],
    ],
    [
      [0.9, null],
      [0.1, 'ebike'],
    ],
    [
      [0.3, null],
      [0.35, 'endurance'],
      [0.15, 'long'],
      [0.1, 'ebike'],
      [0.1, 'walk'],
    ],
    [
      [0.4, null],
      [0.25, 'endurance'],
      [0.15, 'gravel'],
      [0.1, 'run'],
      [0.1, 'walk'],
    ],
  ],
  racer: [
    [
      [0.6, null],
      [0.3, 'recovery'],
      [0.1, 'run'],
    ],
    [
      [0.2, null],
      [0.8, 'intervals'],
    ],
    [
      [0.3, null],
      [0.5, 'endurance'],
      [0.2, 'recovery'],
    ],
    [
      [0.2, null],
      [0.6, 'intervals'],
      [0.2, 'crit'],
    ],
    [
      [0.6, null],
      [0.4, 'recovery'],
    ],
    [
      [0.0, null],
      [0.35, 'race'],
      [0.35, 'long'],
      [0.2, 'group'],
      [0.1, 'mtb'],
    ],
    [
      [0.05, null],
      [0.4, 'long'],
      [0.25, 'endurance'],
      [0.2, 'climbing'],
      [0.1, 'mtb'],
    ],
  ],
};

/** Chance that a winter weekday ride moves indoors (weekend rides: half of it). */
const INDOOR_IN_WINTER: Record<RiderProfile, number> = {
  allrounder: 0.55,
  climber: 0.2,
  commuter: 0.1,
  racer: 0.75,
};
/** Chance of commuting by bike on a weekday (a ride there and one back). */
const COMMUTES: Record<RiderProfile, number> = { allrounder: 0.12, climber: 0, commuter: 0.75, racer: 0 };

const SLOT_HOURS: Record<Slot, readonly [number, number]> = {
  early: [5.75, 6.75],
  morning: [7.5, 10],
  lunch: [11.75, 12.75],
  evening: [17.25, 18.75],
  late: [18.5, 20],
  commuteAm: [7.1, 8.2],
  commutePm: [16.75, 18],
};

/** A plan before it has an id, a name, gear and a device. */
type Skeleton = Omit<ActivityPlan, 'id' | 'athleteId' | 'name' | 'gearId' | 'deviceName'>;

const DAY = 86_400;
const isWinter = (month: number) => month === 11 || month === 12 || month === 1 || month === 2;
const isRaceSeason = (month: number) => month >= 3 && month <= 10;

/** Sensors and privacy of one activity, from the athlete's habits. */
const equip = (
  athlete: DemoAthlete,
  random: Random,
  sport: SportType,
  workout: Workout,
  trainer: boolean,
  commute: boolean,
): Pick<Skeleton, 'power' | 'heartRate' | 'cadence' | 'visibility' | 'manual'> => {
  const { habits } = athlete;
  const cycling = sport !== 'Run' && sport !== 'Walk';
  const power =
    sport === 'VirtualRide' ||
    (sport === 'Ride' && !commute && random.chance(habits.roadPower)) ||
    (sport === 'GravelRide' && random.chance(habits.gravelPower)) ||
    (sport === 'MountainBikeRide' && random.chance(habits.mtbPower));
  const heartRate = random.chance(
    commute ? habits.heartRate * 0.6 : trainer ? Math.min(1, habits.heartRate + 0.05) : habits.heartRate,
  );
  const cadence = power || !cycling || random.chance(habits.cadenceSensor);
  const onlyMe = commute ? habits.onlyMe * 2.5 : habits.onlyMe;
  const roll = random.next();
  const visibility: Visibility =
    roll < onlyMe ? 'only_me' : roll < onlyMe + habits.followersOnly ? 'followers_only' : 'everyone';
  const manual = cycling && !trainer && !commute && workout !== 'race' && random.chance(0.012);
  return { power, heartRate, cadence, visibility, manual };
};

const skeletonFor = (
  athlete: DemoAthlete,
  random: Random,
  template: Template,
  date: { year: number; month: number; day: number },
  weekend: boolean,
  slotOverride?: Slot,
): Skeleton => {
  let { sport, workout } = template;
  let slot = slotOverride ?? template.slot;
  // Winter moves rides indoors; races out of season become virtual races or group rides.
  const cycling = sport !== 'Run' && sport !== 'Walk';
  if (cycling && sport !== 'VirtualRide' && sport !== 'EBikeRide' && workout !== 'commute') {
    const indoor = INDOOR_IN_WINTER[athlete.profile] * (weekend ? 0.5 : 1);
    if (isWinter(date.month) && random.chance(indoor)) {
      sport = 'VirtualRide';
      if (workout === 'long' || workout === 'climbing') workout = 'endurance';
      slot = weekend ? 'morning' : 'late';
    } else if (workout === 'race' && !isRaceSeason(date.month)) {
      if (athlete.profile === 'racer') sport = 'VirtualRide';
      else workout = 'group';
    }
  }
  if (sport === 'VirtualRide' && template.sport === 'VirtualRide')
    workout = random.weighted([
      [0.55, 'intervals'],
      [0.3, 'endurance'],
      [0.15, 'race'],
    ] as const);
  if (workout === 'long' && sport === 'VirtualRide') workout = 'endurance';
  let hours = random.range(template.hours[0], template.hours[1]);
  if (sport === 'VirtualRide') hours = Math.min(hours, random.range(0.75, 2));
  const [from, to] = SLOT_HOURS[slot];
  const startHour = random.range(from, to);
  const hour = Math.floor(startHour);
  const minute = Math.floor((startHour - hour) * 60);
  const start = zonedToEpoch(
    athlete.timezone,
    date.year,
    date.month,
    date.day,
    hour,
    minute,
    random.int(0, 59),
  );
  const trainer = sport === 'VirtualRide';
  const commute = workout === 'commute';
  return {
    sportType: sport,
    workout,
    start,
    movingSeconds: Math.round(hours * 3600),
    trainer,
    commute,
    ...equip(athlete, random, sport, workout, trainer, commute),
    seed: 0,
  };
};

/** The activities of one day, in start order. */
const planDay = (
  athlete: DemoAthlete,
  random: Random,
  date: { year: number; month: number; day: number },
  weekday: number,
): Skeleton[] => {
  const weekend = weekday >= 5;
  const day: Skeleton[] = [];
  const commuting = !weekend && random.chance(COMMUTES[athlete.profile]);
  const key = random.weighted(WEEKS[athlete.profile][weekday]!);
  if (key) {
    const template: Template = T[key];
    // On a commuting day the training ride moves to the early morning or late evening.
    const slot: Slot | undefined = commuting ? (random.chance(0.5) ? 'early' : 'late') : undefined;
    day.push(skeletonFor(athlete, random, template, date, weekend, slot));
  }
  if (commuting) {
    const leg: Template = { sport: 'Ride', workout: 'commute', hours: [0.3, 0.55], slot: 'commuteAm' };
    const there = skeletonFor(athlete, random, leg, date, false);
    const back = skeletonFor(athlete, random, { ...leg, slot: 'commutePm' }, date, false);
    back.movingSeconds = Math.round(there.movingSeconds * random.range(0.95, 1.1));
    day.push(there, back);
  }
  day.sort((a, b) => a.start - b.start);
  // never overlap: a later activity starts at least 20 minutes after the previous one ends
  for (let i = 1; i < day.length; i += 1) {
    const previous = day[i - 1]!;
    const earliest = previous.start + previous.movingSeconds * 1.25 + 1200;
    if (day[i]!.start < earliest) day[i]!.start = Math.round(earliest);
  }
  return day;
};

/** Makes sure a long enough history shows every case a client must handle (rarely needed). */
const ensureCoverage = (athlete: DemoAthlete, plans: Skeleton[], random: Random) => {
  if (plans.length < 60) return;
  const used = new Set<number>();
  const cycling = (s: Skeleton) => s.sportType !== 'Run' && s.sportType !== 'Walk';
  const candidate = (fits: (s: Skeleton) => boolean): Skeleton | undefined => {
    const offset = random.int(0, plans.length - 1);
    for (let k = 0; k < plans.length; k += 1) {
      const i = (offset + k) % plans.length;
      if (!used.has(i) && fits(plans[i]!)) {
        used.add(i);
        return plans[i];
      }
    }
    return undefined;
  };
  const ordinary = (s: Skeleton) =>
    s.sportType === 'Ride' && !s.commute && !s.manual && !['race', 'intervals'].includes(s.workout);
  const ensure = (has: (s: Skeleton) => boolean, change: (s: Skeleton) => void, fits = ordinary) => {
    const present = plans.findIndex((s, i) => !used.has(i) && has(s));
    if (present >= 0) {
      used.add(present);
      return;
    }
    const found = candidate(fits);
    if (found) change(found);
  };
  ensure(
    (s) => s.sportType === 'VirtualRide',
    (s) => Object.assign(s, { sportType: 'VirtualRide', trainer: true, power: true, workout: 'intervals' }),
  );
  ensure(
    (s) => s.sportType === 'MountainBikeRide',
    (s) => Object.assign(s, { sportType: 'MountainBikeRide', workout: 'endurance' }),
  );
  ensure(
    (s) => s.sportType === 'GravelRide',
    (s) => Object.assign(s, { sportType: 'GravelRide', workout: 'endurance' }),
  );
  ensure(
    (s) => s.sportType === 'EBikeRide',
    (s) =>
      Object.assign(s, { sportType: 'EBikeRide', workout: 'endurance', power: false, movingSeconds: 2700 }),
  );
  ensure(
    (s) => s.sportType === 'Run',
    (s) =>
      Object.assign(s, {
        sportType: 'Run',
        workout: 'run',
        power: false,
        cadence: true,
        movingSeconds: 2400,
      }),
  );
  ensure(
    (s) => s.sportType === 'Walk',
    (s) =>
      Object.assign(s, {
        sportType: 'Walk',
        workout: 'walk',
        power: false,
        cadence: true,
        movingSeconds: 2700,
      }),
  );
  ensure(
    (s) => s.workout === 'race' && cycling(s),
    (s) => Object.assign(s, { workout: 'race' }),
  );
  ensure(
    (s) => s.workout === 'climbing',
    (s) => Object.assign(s, { workout: 'climbing' }),
  );
  ensure(
    (s) => s.workout === 'intervals',
    (s) => Object.assign(s, { workout: 'intervals' }),
  );
  ensure(
    (s) => s.commute,
    (s) => Object.assign(s, { workout: 'commute', commute: true, power: false, movingSeconds: 1800 }),
  );
  ensure(
    (s) => cycling(s) && !s.trainer && !s.manual && !s.power,
    (s) => Object.assign(s, { power: false }),
  );
  ensure(
    (s) => cycling(s) && !s.manual && !s.heartRate,
    (s) => Object.assign(s, { heartRate: false }),
  );
  ensure(
    (s) => s.visibility === 'only_me',
    (s) => Object.assign(s, { visibility: 'only_me' }),
    (s) => cycling(s) && !s.manual,
  );
  ensure(
    (s) => s.manual,
    (s) => Object.assign(s, { manual: true, power: false, heartRate: false, cadence: false }),
  );
  ensure(
    (s) => s.workout === 'long' && s.heartRate && s.power,
    (s) => Object.assign(s, { workout: 'long', heartRate: true, power: true, movingSeconds: 4 * 3600 }),
  );
};

/** Days from one FTP test to the next (about every 5-6 weeks). */
const TEST_EVERY_DAYS = [35, 42] as const;

/** The fraction of FTP an athlete holds all-out for an FTP test's 20 minutes. */
const testFraction = (athlete: DemoAthlete): number => maximalPower(athlete, FTP_TEST_SECONDS) / athlete.ftp;

/**
 * Turns an interval day with a power meter into an FTP test about every 5-6 weeks (the first within
 * the history's first 6 weeks), from its own random stream so the rest of the history stays as it was.
 */
const scheduleTests = (athlete: DemoAthlete, plans: Skeleton[], random: Random) => {
  if (plans.length === 0) return;
  let due = plans[0]!.start + random.range(0, TEST_EVERY_DAYS[1]) * DAY;
  for (const plan of plans) {
    if (plan.start < due || plan.workout !== 'intervals' || !plan.power || plan.manual) continue;
    plan.workout = 'test';
    plan.movingSeconds = Math.round(random.range(...T.test.hours) * 3600);
    plan.testFraction = testFraction(athlete);
    due = plan.start + random.range(...TEST_EVERY_DAYS) * DAY;
  }
};

const PART_OF_DAY = (hour: number) =>
  hour < 4
    ? 'Night'
    : hour < 11
      ? 'Morning'
      : hour < 14
        ? 'Lunch'
        : hour < 17
          ? 'Afternoon'
          : hour < 21
            ? 'Evening'
            : 'Night';
const SPORT_WORDS: Record<SportType, string> = {
  Ride: 'Ride',
  MountainBikeRide: 'Mountain Bike Ride',
  GravelRide: 'Gravel Ride',
  EBikeRide: 'E-Bike Ride',
  VirtualRide: 'Virtual Ride',
  Run: 'Run',
  Walk: 'Walk',
};
const CLIMBS: Record<string, readonly string[]> = {
  Boulder: ['Flagstaff', 'Lefthand Canyon', 'Sunshine Canyon', 'Magnolia', 'Old Stage'],
  Girona: ['Rocacorba', 'Els Àngels', 'Mare de Déu del Mont', 'Collsacabra'],
  Portland: ['Skyline', 'Rocky Point', 'Larch Mountain'],
  London: ['Box Hill', 'Leith Hill', 'Toys Hill', 'Yorks Hill'],
};
const NAMES: Partial<Record<Workout, readonly string[]>> = {
  race: ['Road race', 'Club race', 'Circuit race'],
  long: ['Long ride', 'Big day out', 'Sunday long ride', 'Coffee ride, the long way'],
  group: ['Group ride', 'Shop ride', 'Club run'],
  recovery: ['Recovery spin', 'Easy legs'],
  endurance: ['Zone 2', 'Steady endurance', 'Base miles'],
};
const ZWIFT_WORLDS = ['Watopia', 'Makuri Islands', 'France', 'Richmond', 'London', 'Innsbruck'];

/** Name, gear and recording device, once the plan is settled. */
const finish = (athlete: DemoAthlete, skeleton: Skeleton, id: number, random: Random): ActivityPlan => {
  const local = new Date((skeleton.start + utcOffsetSeconds(athlete.timezone, skeleton.start)) * 1000);
  const byDefault = `${PART_OF_DAY(local.getUTCHours())} ${SPORT_WORDS[skeleton.sportType]}`;
  let name = byDefault;
  if (skeleton.sportType === 'VirtualRide') {
    const world = random.pick(ZWIFT_WORLDS);
    name =
      skeleton.workout === 'race'
        ? `Zwift - Race: ${world} Crit City`
        : skeleton.workout === 'intervals' || skeleton.workout === 'test'
          ? `Zwift - ${sessionOf(skeleton)!.name} in ${world}`
          : `Zwift - ${world}`;
  } else if (skeleton.commute) {
    name = random.chance(0.6) ? (local.getUTCHours() < 12 ? 'Commute to work' : 'Commute home') : byDefault;
  } else if (skeleton.workout === 'climbing' && random.chance(0.7)) {
    const climbs = CLIMBS[athlete.city] ?? ['Hill repeats', 'Climbing day'];
    name = `${random.pick(climbs)}${random.chance(0.4) ? ` + ${random.pick(climbs)}` : ''}`;
  } else if (skeleton.workout === 'intervals' || skeleton.workout === 'test') {
    // drawn for tests too (always named) so the names of the activities after them stay as they were
    const named = random.chance(0.6);
    if (named || skeleton.workout === 'test') name = sessionOf(skeleton)!.name;
  } else if (skeleton.workout === 'race' && skeleton.sportType === 'Ride') {
    name = random.pick(skeleton.movingSeconds < 4500 ? ['Crit race', 'Club crit'] : NAMES.race!);
  } else if (NAMES[skeleton.workout] && random.chance(0.45)) {
    name = random.pick(NAMES[skeleton.workout]!);
  }
  const bikes: Record<SportType, string | null> = {
    Ride: skeleton.commute ? `b${athlete.id}4` : `b${athlete.id}1`,
    VirtualRide: `b${athlete.id}1`,
    GravelRide: `b${athlete.id}2`,
    MountainBikeRide: `b${athlete.id}3`,
    EBikeRide: `b${athlete.id}5`,
    Run: `g${athlete.id}1`,
    Walk: null,
  };
  const deviceName = skeleton.manual
    ? ''
    : skeleton.sportType === 'VirtualRide'
      ? 'Zwift'
      : skeleton.sportType === 'Run' || skeleton.sportType === 'Walk'
        ? 'Garmin Forerunner 255'
        : skeleton.power || skeleton.heartRate
          ? athlete.index % 2 === 0
            ? 'Garmin Edge 840'
            : 'Wahoo ELEMNT BOLT'
          : 'Strava iPhone App';
  return {
    ...skeleton,
    id,
    athleteId: athlete.id,
    power: skeleton.power && !skeleton.manual,
    heartRate: skeleton.heartRate && !skeleton.manual,
    cadence: skeleton.cadence && !skeleton.manual,
    name,
    gearId: bikes[skeleton.sportType],
    deviceName,
  };
};

/** Activity ids: per athlete, increasing with start time. */
export const activityId = (athlete: DemoAthlete, sequence: number): number =>
  10_000_000_000 + (athlete.index + 1) * 100_000_000 + sequence;

/**
 * The athlete's history ending yesterday (in their time zone) before `nowSeconds`: `months` of it, or
 * exactly `activities` activities. Oldest first. Deterministic in (seed, athlete, day of `nowSeconds`).
 */
export const planHistory = (athlete: DemoAthlete, seed: number, nowSeconds: number): ActivityPlan[] => {
  const random = createRandom(hashSeed(seed, 0x91, athlete.index));
  const offset = utcOffsetSeconds(athlete.timezone, nowSeconds);
  const today = Math.floor((nowSeconds + offset) / DAY);
  const firstDay = today - Math.round(athlete.months * 30.44);
  const target = athlete.activities;
  const days: Skeleton[][] = [];
  let total = 0;
  for (let day = today - 1; target !== null ? total < target : day >= firstDay; day -= 1) {
    const date = new Date(day * DAY * 1000);
    const weekday = (date.getUTCDay() + 6) % 7;
    const planned = planDay(
      athlete,
      random,
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      weekday,
    );
    days.push(planned);
    total += planned.length;
    if (target === 0) break;
  }
  const skeletons = days.reverse().flat();
  if (target !== null) skeletons.splice(0, skeletons.length - target);
  ensureCoverage(athlete, skeletons, random);
  scheduleTests(athlete, skeletons, createRandom(hashSeed(seed, 0x94, athlete.index)));
  return skeletons.map((skeleton, i) => {
    skeleton.seed = hashSeed(seed, athlete.index, i + 1);
    return finish(athlete, skeleton, activityId(athlete, i + 1), random);
  });
};

export interface NewActivitySpec {
  sportType?: SportType;
  workout?: Workout;
  /** Start (ISO date or epoch seconds); default: it just ended. */
  startDate?: string | number;
  /** Moving time in minutes (default: the workout's usual length). */
  durationMinutes?: number;
  name?: string;
  private?: boolean;
  power?: boolean;
  heartRate?: boolean;
  commute?: boolean;
}

const TEMPLATE_FOR: Record<Workout, TemplateKey> = {
  recovery: 'recovery',
  endurance: 'endurance',
  long: 'long',
  group: 'group',
  intervals: 'intervals',
  test: 'test',
  climbing: 'climbing',
  race: 'race',
  commute: 'recovery',
  run: 'run',
  walk: 'walk',
};

/** A new activity for the control API ("the athlete just uploaded a ride"), generated like the rest. */
export const planNewActivity = (
  athlete: DemoAthlete,
  seed: number,
  sequence: number,
  nowSeconds: number,
  spec: NewActivitySpec = {},
): ActivityPlan => {
  const random = createRandom(hashSeed(seed, 0x92, athlete.index, sequence));
  const sport: SportType =
    spec.sportType ?? (spec.workout === 'run' ? 'Run' : spec.workout === 'walk' ? 'Walk' : 'Ride');
  const workout: Workout =
    spec.workout ??
    (sport === 'Run'
      ? 'run'
      : sport === 'Walk'
        ? 'walk'
        : spec.commute
          ? 'commute'
          : random.pick(['endurance', 'intervals', 'climbing', 'group'] as const));
  const template = T[TEMPLATE_FOR[workout]];
  const movingSeconds = Math.round(
    (spec.durationMinutes ?? random.range(template.hours[0], template.hours[1]) * 60) * 60,
  );
  const start =
    spec.startDate === undefined
      ? nowSeconds - Math.round(movingSeconds * 1.1) - 300
      : typeof spec.startDate === 'number'
        ? spec.startDate
        : Math.floor(Date.parse(spec.startDate) / 1000);
  if (!Number.isFinite(start)) throw new Error('startDate must be an ISO date or epoch seconds');
  const trainer = sport === 'VirtualRide';
  const commute = spec.commute ?? workout === 'commute';
  const equipment = equip(athlete, random, sport, workout, trainer, commute);
  const skeleton: Skeleton = {
    sportType: sport,
    workout,
    start,
    movingSeconds,
    trainer,
    commute,
    ...equipment,
    manual: false,
    power: spec.power ?? (sport === 'VirtualRide' || equipment.power),
    heartRate: spec.heartRate ?? equipment.heartRate,
    visibility:
      spec.private === true ? 'only_me' : spec.private === false ? 'everyone' : equipment.visibility,
    seed: hashSeed(seed, athlete.index, sequence),
    ...(workout === 'test' ? { testFraction: testFraction(athlete) } : {}),
  };
  const plan = finish(athlete, skeleton, activityId(athlete, sequence), random);
  return spec.name ? { ...plan, name: spec.name } : plan;
};
