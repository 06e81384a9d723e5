// The demo athletes: who they are, their physiology (FTP, heart rate) and their equipment habits.
import { createRandom, hashSeed } from './random.js';

/** How an athlete rides: decides the weekly pattern of the generated history. */
export type RiderProfile = 'allrounder' | 'climber' | 'commuter' | 'racer';

export interface DemoAthleteSpec {
  id?: number;
  firstname?: string;
  lastname?: string;
  username?: string;
  sex?: 'M' | 'F';
  city?: string;
  state?: string;
  country?: string;
  /** IANA zone of the athlete's home (start_date_local, utc_offset, timezone). */
  timezone?: string;
  latitude?: number;
  longitude?: number;
  /** Metres above sea level at home. */
  elevation?: number;
  ftp?: number;
  maxHeartrate?: number;
  restingHeartrate?: number;
  /** Kilograms. */
  weight?: number;
  profile?: RiderProfile;
  /** Months of history ending yesterday (default 6-18). Ignored when `activities` is set. */
  months?: number;
  /** Exact number of activities; the history then reaches back as far as it takes. */
  activities?: number;
  measurementPreference?: 'feet' | 'meters';
}

/** Probabilities of the athlete's sensors and privacy choices. */
export interface Habits {
  /** Power meter on the road bike. */
  roadPower: number;
  gravelPower: number;
  mtbPower: number;
  /** Wears the heart-rate strap. */
  heartRate: number;
  /** Cadence sensor on bikes without a power meter. */
  cadenceSensor: number;
  /** Share of "Only You" activities. */
  onlyMe: number;
  followersOnly: number;
}

export interface DemoAthlete {
  index: number;
  id: number;
  firstname: string;
  lastname: string;
  username: string;
  sex: 'M' | 'F';
  city: string;
  state: string;
  country: string;
  timezone: string;
  latitude: number;
  longitude: number;
  elevation: number;
  ftp: number;
  maxHeartrate: number;
  restingHeartrate: number;
  weight: number;
  profile: RiderProfile;
  months: number;
  activities: number | null;
  measurementPreference: 'feet' | 'meters';
  /** Preferred pedalling cadence, rpm. */
  cadence: number;
  /** Cardiac drift per hour at steady effort (aerobic durability; 0.01 = 1 %/h). */
  drift: number;
  habits: Habits;
}

const HABITS: Record<RiderProfile, Habits> = {
  allrounder: {
    roadPower: 0.85,
    gravelPower: 0,
    mtbPower: 0,
    heartRate: 0.9,
    cadenceSensor: 0.6,
    onlyMe: 0.04,
    followersOnly: 0.1,
  },
  climber: {
    roadPower: 0.96,
    gravelPower: 0.5,
    mtbPower: 0,
    heartRate: 0.95,
    cadenceSensor: 0.8,
    onlyMe: 0.03,
    followersOnly: 0.05,
  },
  commuter: {
    roadPower: 0,
    gravelPower: 0,
    mtbPower: 0,
    heartRate: 0.6,
    cadenceSensor: 0.3,
    onlyMe: 0.08,
    followersOnly: 0.2,
  },
  racer: {
    roadPower: 1,
    gravelPower: 0.8,
    mtbPower: 0.6,
    heartRate: 0.88,
    cadenceSensor: 1,
    onlyMe: 0.03,
    followersOnly: 0.05,
  },
};

/**
 * W' (joules) by profile: the work an athlete can do above FTP before exhaustion (racers the most,
 * commuters the least).
 */
export const W_PRIME: Record<RiderProfile, number> = {
  allrounder: 16_000,
  climber: 18_000,
  commuter: 12_000,
  racer: 22_000,
};

/**
 * The athlete's true power-duration model: the best mean power (W) they can hold all-out for
 * `seconds` (about 2 minutes to an hour), P(t) = CP + W'/t with CP = the athlete's FTP.
 */
export const maximalPower = (athlete: Pick<DemoAthlete, 'ftp' | 'profile'>, seconds: number): number =>
  athlete.ftp + W_PRIME[athlete.profile] / seconds;

type Preset = Required<Omit<DemoAthleteSpec, 'activities'>>;

/** The four default athletes; `Demo Rider` first (the authorize page's default). */
export const PRESET_ATHLETES: readonly Preset[] = [
  {
    id: 1000001,
    firstname: 'Demo',
    lastname: 'Rider',
    username: 'demo_rider',
    sex: 'M',
    city: 'Boulder',
    state: 'Colorado',
    country: 'United States',
    timezone: 'America/Denver',
    latitude: 40.015,
    longitude: -105.2705,
    elevation: 1655,
    ftp: 250,
    maxHeartrate: 186,
    restingHeartrate: 52,
    weight: 72,
    profile: 'allrounder',
    months: 12,
    measurementPreference: 'feet',
  },
  {
    id: 1000002,
    firstname: 'Alex',
    lastname: 'Moreno',
    username: 'alex_climbs',
    sex: 'F',
    city: 'Girona',
    state: 'Catalonia',
    country: 'Spain',
    timezone: 'Europe/Madrid',
    latitude: 41.9794,
    longitude: 2.8214,
    elevation: 75,
    ftp: 265,
    maxHeartrate: 191,
    restingHeartrate: 46,
    weight: 58,
    profile: 'climber',
    months: 16,
    measurementPreference: 'meters',
  },
  {
    id: 1000003,
    firstname: 'Sam',
    lastname: 'Okafor',
    username: 'sam_commutes',
    sex: 'M',
    city: 'Portland',
    state: 'Oregon',
    country: 'United States',
    timezone: 'America/Los_Angeles',
    latitude: 45.5152,
    longitude: -122.6784,
    elevation: 15,
    ftp: 195,
    maxHeartrate: 181,
    restingHeartrate: 58,
    weight: 82,
    profile: 'commuter',
    months: 8,
    measurementPreference: 'feet',
  },
  {
    id: 1000004,
    firstname: 'Jordan',
    lastname: 'Lee',
    username: 'jordan_races',
    sex: 'M',
    city: 'London',
    state: 'England',
    country: 'United Kingdom',
    timezone: 'Europe/London',
    latitude: 51.5072,
    longitude: -0.1276,
    elevation: 20,
    ftp: 320,
    maxHeartrate: 194,
    restingHeartrate: 44,
    weight: 70,
    profile: 'racer',
    months: 6,
    measurementPreference: 'meters',
  },
];

const FIRST_NAMES = ['Maya', 'Luca', 'Noor', 'Tomás', 'Ingrid', 'Kenji', 'Ada', 'Felix', 'Zoe', 'Ravi'];
const LAST_NAMES = [
  'Fischer',
  'Rossi',
  'Haddad',
  'Silva',
  'Berg',
  'Tanaka',
  'Novak',
  'Dubois',
  'Kim',
  'Patel',
];
const HOMES = [
  {
    city: 'Nice',
    state: 'Provence',
    country: 'France',
    timezone: 'Europe/Paris',
    lat: 43.7102,
    lng: 7.262,
    elev: 20,
  },
  {
    city: 'Boulder',
    state: 'Colorado',
    country: 'United States',
    timezone: 'America/Denver',
    lat: 40.015,
    lng: -105.2705,
    elev: 1655,
  },
  {
    city: 'Utrecht',
    state: 'Utrecht',
    country: 'Netherlands',
    timezone: 'Europe/Amsterdam',
    lat: 52.0907,
    lng: 5.1214,
    elev: 5,
  },
  {
    city: 'Asheville',
    state: 'North Carolina',
    country: 'United States',
    timezone: 'America/New_York',
    lat: 35.5951,
    lng: -82.5515,
    elev: 650,
  },
] as const;
const PROFILES: readonly RiderProfile[] = ['allrounder', 'climber', 'commuter', 'racer'];

/** A generated athlete for indexes past the presets. */
const generatedPreset = (seed: number, index: number): Preset => {
  const random = createRandom(hashSeed(seed, 0xa7, index));
  const home = random.pick(HOMES);
  const firstname = random.pick(FIRST_NAMES);
  const lastname = random.pick(LAST_NAMES);
  const sex = random.chance(0.5) ? 'F' : 'M';
  return {
    id: 1000001 + index,
    firstname,
    lastname,
    username: `${firstname}_${lastname}_${index}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9_]/g, ''),
    sex,
    city: home.city,
    state: home.state,
    country: home.country,
    timezone: home.timezone,
    latitude: home.lat,
    longitude: home.lng,
    elevation: home.elev,
    ftp: random.int(sex === 'F' ? 165 : 190, sex === 'F' ? 285 : 335),
    maxHeartrate: random.int(172, 198),
    restingHeartrate: random.int(42, 62),
    weight: random.int(sex === 'F' ? 52 : 62, sex === 'F' ? 75 : 92),
    profile: PROFILES[index % PROFILES.length]!,
    months: random.int(6, 18),
    measurementPreference: home.country === 'United States' ? 'feet' : 'meters',
  };
};

const positive = (value: number | undefined, name: string, min: number, max: number) => {
  if (value !== undefined && !(Number.isFinite(value) && value >= min && value <= max))
    throw new Error(`Demo athlete ${name} must be between ${min} and ${max} (got ${value})`);
};

/** Resolves the `athletes` option into complete athletes (presets filled in, values checked). */
export const resolveAthletes = (
  athletes: number | DemoAthleteSpec[] | undefined,
  seed: number,
): DemoAthlete[] => {
  const specs: DemoAthleteSpec[] = Array.isArray(athletes)
    ? athletes
    : Array.from({ length: athletes ?? PRESET_ATHLETES.length }, () => ({}));
  if (specs.length < 1) throw new Error('The Strava simulator needs at least one demo athlete');
  const resolved = specs.map((spec, index): DemoAthlete => {
    positive(spec.ftp, 'ftp', 80, 600);
    positive(spec.maxHeartrate, 'maxHeartrate', 140, 230);
    positive(spec.restingHeartrate, 'restingHeartrate', 30, 90);
    positive(spec.weight, 'weight', 35, 150);
    positive(spec.months, 'months', 1, 240);
    positive(spec.activities, 'activities', 0, 100_000);
    const preset = { ...(PRESET_ATHLETES[index] ?? generatedPreset(seed, index)), ...spec };
    const random = createRandom(hashSeed(seed, 0xa8, index));
    return {
      ...preset,
      index,
      activities: spec.activities ?? null,
      cadence: random.int(84, 95),
      drift: random.range(0.006, 0.02),
      habits: HABITS[preset.profile],
    };
  });
  const ids = new Set(resolved.map((athlete) => athlete.id));
  if (ids.size !== resolved.length) throw new Error('Demo athlete ids must be unique');
  return resolved;
};
