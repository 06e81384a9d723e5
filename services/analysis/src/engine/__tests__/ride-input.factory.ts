import fc from 'fast-check';
import {
  INTERVAL_WORKOUT_TYPES,
  WORKOUT_TYPES,
  type TrainingFormFacts,
  type WorkoutDto,
  type WorkoutType,
} from '@domestique/proto';
import type {
  GoalFacts,
  RideAnalysisInput,
  RideFacts,
  RideSummary,
  RiderFacts,
} from '../ride-analysis-input.js';

/** Factories of analysis inputs for tests: a realistic outdoor ride with power and heart rate by default. */

const zones = (seconds: number[]) => seconds.map((s, i) => ({ zone: i + 1, seconds: s }));

/**
 * A workout as the rides service reads it from the streams: `sets` of [repeats, work seconds,
 * recovery seconds, percent of FTP]; steady for the non-interval types without sets.
 */
export const newWorkout = (
  type: WorkoutType,
  sets: [number, number, number | null, number | null][] = [],
  { ftp = 270, contexts = [] as WorkoutDto['contexts'], basis = 'power' as WorkoutDto['basis'] } = {},
): WorkoutDto => {
  const intervals: WorkoutDto['intervals'] = [];
  const setDtos: WorkoutDto['sets'] = [];
  let at = 900;
  for (const [repeats, work, recovery, percentOfFtp] of sets) {
    const firstInterval = intervals.length;
    for (let i = 0; i < repeats; i += 1) {
      intervals.push({
        startSeconds: at,
        durationSeconds: work,
        averagePower: percentOfFtp === null ? null : (ftp * percentOfFtp) / 100,
        percentOfFtp,
        averageHeartrate: 150 + i,
        recoverySeconds: i < repeats - 1 ? recovery : null,
      });
      at += work + (recovery ?? 0);
    }
    setDtos.push({
      repeats,
      workSeconds: work,
      recoverySeconds: repeats > 1 ? recovery : null,
      averagePower: percentOfFtp === null ? null : (ftp * percentOfFtp) / 100,
      percentOfFtp,
      firstInterval,
    });
    at += 600;
  }
  return {
    type,
    basis,
    contexts,
    intervals,
    sets: setDtos,
    structure: null,
    steady: setDtos.length === 0 && !INTERVAL_WORKOUT_TYPES.includes(type) && type !== 'race',
  };
};

export const newRide = (overrides: Partial<RideFacts> = {}): RideFacts => ({
  id: 'ride-1',
  source: 'demo',
  name: 'Saturday Loop',
  sportType: 'Ride',
  indoor: false,
  commute: false,
  startDate: '2025-06-14T07:30:00Z',
  startLocalTime: '09:30',
  distanceM: 62_000,
  movingTimeS: 2 * 3600 + 10 * 60,
  elapsedTimeS: 2 * 3600 + 25 * 60,
  elevationGainM: 420,
  averageSpeedMps: 62_000 / (2 * 3600 + 10 * 60),
  maxSpeedMps: 15.2,
  averageHeartrate: 138,
  maxHeartrate: 171,
  averageCadence: 88,
  averageWatts: 178,
  normalizedPower: 189,
  deviceWatts: true,
  intensityFactor: 0.7,
  tss: 106,
  variabilityIndex: 1.06,
  efficiencyFactor: 1.37,
  aerobicDecouplingPct: 3.2,
  powerZones: zones([1200, 4700, 1300, 420, 120, 50, 10]),
  heartRateZones: zones([900, 5100, 1500, 300, 0]),
  bestEfforts: [
    { durationSeconds: 5, watts: 690 },
    { durationSeconds: 60, watts: 402 },
    { durationSeconds: 300, watts: 281 },
    { durationSeconds: 1200, watts: 246 },
    { durationSeconds: 3600, watts: 214 },
  ],
  recordedSeconds: 2 * 3600 + 12 * 60,
  kilojoules: 1410,
  workout: newWorkout('endurance'),
  ftpWatts: 270,
  ...overrides,
});

export const newRider = (overrides: Partial<RiderFacts> = {}): RiderFacts => ({
  ftpWatts: 270,
  ftpSource: 'rider',
  maxHeartrate: 186,
  thresholdHeartrate: 168,
  weightKg: 72,
  tier: 'pro',
  ...overrides,
});

/** `count` earlier rides, one every `everyDays` days before `before`, newest first. */
export const newHistory = (
  count: number,
  {
    before = '2025-06-14T07:30:00Z',
    everyDays = 2,
    ...overrides
  }: Partial<RideSummary> & { before?: string; everyDays?: number } = {},
): RideSummary[] =>
  Array.from({ length: count }, (_, i) => {
    const distanceM = 40_000 + ((i * 7919) % 30_000);
    const movingTimeS = Math.round(distanceM / 8.1);
    return {
      id: `past-${i}`,
      source: 'demo' as const,
      name: ['Tuesday Spin', 'Hill Repeats', 'Coffee Ride', 'Long Sunday', 'Evening Loop'][i % 5]!,
      sportType: 'Ride',
      indoor: false,
      commute: false,
      startDate: new Date(Date.parse(before) - (i + 1) * everyDays * 86_400_000).toISOString(),
      startLocalTime: '18:00',
      distanceM,
      movingTimeS,
      elapsedTimeS: movingTimeS + 600,
      elevationGainM: 250 + ((i * 131) % 500),
      averageSpeedMps: distanceM / movingTimeS,
      averageHeartrate: 136 + (i % 6),
      averageCadence: 84 + (i % 5),
      averageWatts: 165 + (i % 7) * 4,
      normalizedPower: 178 + (i % 7) * 4,
      intensityFactor: 0.66 + (i % 4) * 0.04,
      tss: 70 + (i % 6) * 12,
      ...overrides,
    };
  });

/** newInput's "today" (the context's asOf). */
export const AS_OF = '2025-06-14T12:00:00Z';

/** A goal; days left counted from AS_OF unless given. */
export const newGoal = (overrides: Partial<GoalFacts> = {}): GoalFacts => {
  const targetDate = overrides.targetDate === undefined ? '2025-08-31' : overrides.targetDate;
  return {
    title: 'Ride 500 miles this summer',
    type: 'distance',
    targetValue: 500,
    currentValue: 180,
    targetDate,
    status: 'active',
    startDate: '2025-05-01',
    daysLeft: targetDate ? Math.ceil((Date.parse(targetDate) - Date.parse(AS_OF)) / 86_400_000) : null,
    unit: 'miles',
    ...overrides,
  };
};

export const newInput = (
  ride: Partial<RideFacts> = {},
  {
    rider = {},
    history = newHistory(12),
    goals = [newGoal()],
  }: { rider?: Partial<RiderFacts>; history?: RideSummary[]; goals?: GoalFacts[] } = {},
): RideAnalysisInput => ({
  ride: newRide(ride),
  rider: newRider(rider),
  recentRides: history,
  goals,
  asOf: AS_OF,
});

/** A ride without a power meter (its power metrics null). */
export const withoutPower: Partial<RideFacts> = {
  averageWatts: null,
  normalizedPower: null,
  deviceWatts: false,
  intensityFactor: null,
  tss: null,
  variabilityIndex: null,
  efficiencyFactor: null,
  powerZones: null,
  bestEfforts: [],
  kilojoules: null,
  ftpWatts: null,
};

/** A ride without heart rate. */
export const withoutHeartRate: Partial<RideFacts> = {
  averageHeartrate: null,
  maxHeartrate: null,
  efficiencyFactor: null,
  aerobicDecouplingPct: null,
  heartRateZones: null,
};

// ---------------------------------------------------------------------------------------------
// fast-check arbitraries: coherent rides of every shape (with and without power, heart rate,
// cadence, history and goals; short, long, indoor, commutes)

const NAMES = [
  'Morning Ride',
  'Zwift - Watopia Flat',
  'Hill repeats x5',
  'Commute home',
  'Club race',
  'Sunday 100k',
  'Recovery spin',
  'Gran Fondo 2025',
  'Lunch Ride',
  'Unnamed Ride',
];
const SPORTS = ['Ride', 'VirtualRide', 'GravelRide', 'MountainBikeRide', 'EBikeRide'];
const DAY_MS = 86_400_000;

const maybe = <T>(arb: fc.Arbitrary<T>, freq = 4) => fc.option(arb, { nil: null, freq });
const localTime = fc
  .integer({ min: 0, max: 1439 })
  .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

/** Spreads `total` seconds over zones by random weights. */
const spread = (total: number, weights: number[]) => {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  return zones(weights.map((w) => Math.round((total * w) / sum)));
};

interface Shape {
  movingTimeS: number;
  speedMps: number;
  zeroDistance: boolean;
  ftPerMi: number;
  /** average heart rate as a fraction of threshold (165 bpm when unknown) */
  heart: { fraction: number; rise: number } | null;
  /** average power as a fraction of FTP (of 300 W without one) */
  power: { fraction: number; vi: number; bestFactor: number } | null;
  cadence: number | null;
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  movingTimeS: fc.oneof(
    { arbitrary: fc.integer({ min: 120, max: 15 * 60 - 1 }), weight: 1 },
    { arbitrary: fc.integer({ min: 15 * 60, max: 3 * 3600 }), weight: 4 },
    { arbitrary: fc.integer({ min: 3 * 3600, max: 8 * 3600 }), weight: 2 },
  ),
  speedMps: fc.double({ min: 3, max: 13, noNaN: true }),
  zeroDistance: fc.boolean(),
  ftPerMi: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 160, noNaN: true })),
  heart: maybe(
    fc.record({
      fraction: fc.double({ min: 0.6, max: 1.03, noNaN: true }),
      rise: fc.integer({ min: 3, max: 40 }),
    }),
  ),
  power: maybe(
    fc.record({
      fraction: fc.double({ min: 0.4, max: 1.0, noNaN: true }),
      vi: fc.double({ min: 1, max: 1.35, noNaN: true }),
      bestFactor: fc.double({ min: 1, max: 1.3, noNaN: true }),
    }),
  ),
  cadence: maybe(fc.double({ min: 58, max: 108, noNaN: true })),
});

const summaryOf = (
  shape: Shape,
  { ftpWatts: ftp, thresholdHeartrate }: RiderFacts,
  fixed: {
    id: string;
    source: 'strava' | 'demo';
    name: string;
    sportType: string;
    indoor: boolean;
    commute: boolean;
    startDate: string;
    startLocalTime: string | null;
    stoppedS: number;
  },
): RideFacts => {
  const distanceM = fixed.indoor && shape.zeroDistance ? 0 : shape.speedMps * shape.movingTimeS;
  const miles = distanceM / 1609.34;
  const averageWatts = shape.power ? (ftp ?? 300) * shape.power.fraction : null;
  const averageHeartrate = shape.heart ? (thresholdHeartrate ?? 165) * shape.heart.fraction : null;
  const np = shape.power ? averageWatts! * shape.power.vi : null;
  const intensity = np !== null && ftp ? np / ftp : null;
  const bests = shape.power
    ? [5, 60, 300, 1200, 3600]
        .filter((d) => d <= shape.movingTimeS)
        .map((d) => ({
          durationSeconds: d,
          watts:
            Math.round(
              np! *
                shape.power!.bestFactor *
                (d <= 5 ? 3 : d <= 60 ? 1.9 : d <= 300 ? 1.35 : d <= 1200 ? 1.12 : 1.02) *
                10,
            ) / 10,
        }))
    : [];
  return {
    ...fixed,
    distanceM,
    movingTimeS: shape.movingTimeS,
    elapsedTimeS: shape.movingTimeS + fixed.stoppedS,
    elevationGainM: fixed.indoor ? 0 : (shape.ftPerMi * miles) / 3.28084,
    averageSpeedMps: distanceM / shape.movingTimeS,
    maxSpeedMps: fixed.indoor ? null : shape.speedMps * 1.8,
    averageHeartrate,
    maxHeartrate: shape.heart ? averageHeartrate! + shape.heart.rise : null,
    averageCadence: shape.cadence,
    averageWatts,
    normalizedPower: np,
    deviceWatts: shape.power !== null,
    intensityFactor: intensity,
    tss: intensity !== null ? (shape.movingTimeS / 3600) * intensity * intensity * 100 : null,
    variabilityIndex: shape.power?.vi ?? null,
    efficiencyFactor: np !== null && averageHeartrate !== null ? np / averageHeartrate : null,
    aerobicDecouplingPct: null,
    powerZones: null,
    heartRateZones: null,
    bestEfforts: bests,
    // the sum of recorded power: coasting zeros make it differ from average x moving time
    recordedSeconds: shape.movingTimeS + fixed.stoppedS,
    kilojoules: averageWatts !== null ? (averageWatts * shape.movingTimeS * 0.97) / 1000 : null,
    workoutType: null,
    workout: null,
    ftpWatts: ftp,
  };
};

const workoutArb = (sportType: string): fc.Arbitrary<WorkoutDto | null> =>
  maybe(
    fc
      .record({
        type: fc.constantFrom(...WORKOUT_TYPES),
        sets: fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 12 }),
            fc.integer({ min: 10, max: 1500 }),
            maybe(fc.integer({ min: 15, max: 600 })),
            maybe(fc.integer({ min: 50, max: 200 })),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        commute: fc.boolean(),
        indoor: fc.boolean(),
        heartRate: fc.boolean(),
      })
      .map(({ type, sets, commute, indoor, heartRate }) =>
        newWorkout(type, INTERVAL_WORKOUT_TYPES.includes(type) || type === 'mixed' ? sets : [], {
          contexts: [
            ...(sportType === 'EBikeRide' ? (['e-bike'] as const) : []),
            ...(commute ? (['commute'] as const) : []),
            ...(indoor ? (['indoor'] as const) : []),
          ],
          basis: heartRate ? 'heart-rate' : 'power',
        }),
      ),
    3,
  );

const rideFieldsArb = fc.record({
  source: fc.constantFrom('strava' as const, 'demo' as const),
  name: fc.constantFrom(...NAMES),
  sportType: fc.constantFrom(...SPORTS),
  indoor: fc.boolean(),
  commute: fc.constant(false),
  startLocalTime: maybe(localTime),
  stoppedS: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 7200 })),
});

const riderArb: fc.Arbitrary<RiderFacts> = fc.record({
  ftpWatts: maybe(fc.integer({ min: 120, max: 380 })),
  ftpSource: fc.constantFrom('rider' as const, 'estimated' as const),
  maxHeartrate: maybe(fc.integer({ min: 165, max: 205 })),
  thresholdHeartrate: maybe(fc.integer({ min: 145, max: 182 })),
  weightKg: maybe(fc.double({ min: 48, max: 105, noNaN: true })),
  tier: fc.constantFrom('free' as const, 'pro' as const, 'elite' as const),
});

const goalArb = (start: number, asOf: number): fc.Arbitrary<GoalFacts> =>
  fc
    .record({
      title: fc.constantFrom(
        'Ride 1000 miles',
        'Climb 50000 ft',
        'Average 18 mph',
        'Ride more',
        'Century by autumn',
      ),
      type: fc.constantFrom(
        'distance' as const,
        'time' as const,
        'elevation' as const,
        'speed' as const,
        'custom' as const,
      ),
      targetValue: fc.oneof(
        fc.integer({ min: 1, max: 50_000 }),
        fc.double({ min: 1, max: 500, noNaN: true }),
      ),
      progress: fc.double({ min: 0, max: 1.2, noNaN: true }),
      days: maybe(fc.integer({ min: -10, max: 300 })),
      startedDaysBefore: maybe(fc.integer({ min: -30, max: 120 })),
      status: fc.constantFrom('active', 'active', 'completed', null),
    })
    .map(({ progress, days, startedDaysBefore, ...goal }) => {
      const target = days === null ? null : start + days * DAY_MS;
      return {
        ...goal,
        currentValue: Math.round(goal.targetValue * progress * 100) / 100,
        targetDate: target === null ? null : new Date(target).toISOString().slice(0, 10),
        startDate:
          startedDaysBefore === null
            ? null
            : new Date(start - startedDaysBefore * DAY_MS).toISOString().slice(0, 10),
        daysLeft:
          target === null
            ? null
            : Math.ceil((Date.parse(new Date(target).toISOString().slice(0, 10)) - asOf) / DAY_MS),
        unit: null,
      };
    });

/** A whole analysis input: the ride, the rider, up to 20 earlier rides, up to 3 goals. */
export const rideInputArb: fc.Arbitrary<RideAnalysisInput> = fc
  .record({
    id: fc.uuid(),
    start: fc.integer({
      min: Date.parse('2023-01-01T00:00:00Z') / 1000,
      max: Date.parse('2026-12-31T00:00:00Z') / 1000,
    }),
    fields: rideFieldsArb,
    commute: fc.oneof(
      { arbitrary: fc.constant(false), weight: 9 },
      { arbitrary: fc.constant(true), weight: 1 },
    ),
    shape: shapeArb,
    decoupling: maybe(fc.double({ min: -12, max: 20, noNaN: true })),
    powerWeights: fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 7, maxLength: 7 }),
    heartWeights: fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 5, maxLength: 5 }),
    rider: riderArb,
    asOfDays: fc.integer({ min: 0, max: 90 }),
    history: fc.array(
      fc.record({
        shape: shapeArb,
        fields: rideFieldsArb,
        daysBefore: fc.double({ min: 0.1, max: 60, noNaN: true }),
        type: maybe(fc.constantFrom(...WORKOUT_TYPES), 2),
      }),
      { maxLength: 20 },
    ),
  })
  .chain(
    ({
      id,
      start,
      fields,
      commute,
      shape,
      decoupling,
      powerWeights,
      heartWeights,
      rider,
      asOfDays,
      history,
    }) => {
      const startMs = start * 1000;
      const startDate = new Date(startMs).toISOString();
      const base = summaryOf(shape, rider, { ...fields, commute, id, startDate });
      const ride: RideFacts = {
        ...base,
        aerobicDecouplingPct: shape.heart ? decoupling : null,
        powerZones: shape.power && rider.ftpWatts ? spread(shape.movingTimeS, powerWeights) : null,
        heartRateZones:
          shape.heart && rider.thresholdHeartrate ? spread(shape.movingTimeS, heartWeights) : null,
      };
      const recentRides: RideSummary[] = history.map((h, i) => {
        const {
          maxSpeedMps: _a,
          maxHeartrate: _b,
          deviceWatts: _c,
          variabilityIndex: _d,
          efficiencyFactor: _e,
          aerobicDecouplingPct: _f,
          powerZones: _g,
          heartRateZones: _h,
          bestEfforts: _i,
          workout: _j,
          recordedSeconds: _k,
          ftpWatts: _l,
          ...summary
        } = summaryOf(h.shape, rider, {
          ...h.fields,
          commute: false,
          id: `past-${i}`,
          startDate: new Date(startMs - Math.round(h.daysBefore * DAY_MS)).toISOString(),
          stoppedS: h.fields.stoppedS,
        });
        return { ...summary, workoutType: h.type };
      });
      const asOf = startMs + asOfDays * DAY_MS;
      return fc
        .tuple(fc.array(goalArb(startMs, asOf), { maxLength: 3 }), workoutArb(ride.sportType))
        .map(([goals, workout]) => ({
          ride: { ...ride, workout, workoutType: workout?.type ?? null },
          rider,
          recentRides,
          goals,
          asOf: new Date(asOf).toISOString(),
        }));
    },
  );

// ---------------------------------------------------------------------------------------------
// Ten realistic rides of one rider's season, for content and variety checks and samples

const season = newHistory(16);

export const SCENARIOS: Record<string, RideAnalysisInput> = {
  'endurance with 8% decoupling': newInput(
    {
      id: 'sc-1',
      name: 'Long Sunday',
      startDate: '2025-06-15T06:00:00Z',
      startLocalTime: '08:00',
      distanceM: 96_500,
      movingTimeS: 3 * 3600 + 35 * 60,
      elapsedTimeS: 3 * 3600 + 58 * 60,
      elevationGainM: 610,
      averageSpeedMps: 96_500 / (3 * 3600 + 35 * 60),
      averageWatts: 171,
      normalizedPower: 183,
      intensityFactor: 0.68,
      tss: 165,
      variabilityIndex: 1.07,
      efficiencyFactor: 1.33,
      averageHeartrate: 138,
      aerobicDecouplingPct: 8.4,
      powerZones: zones([2600, 8100, 1500, 450, 150, 60, 40]),
    },
    { history: season },
  ),
  'indoor VO2max intervals': newInput(
    {
      id: 'sc-2',
      workout: newWorkout('vo2max', [[5, 240, 240, 118]], { contexts: ['indoor'] }),
      name: 'Zwift - 5x4 VO2',
      sportType: 'VirtualRide',
      indoor: true,
      startDate: '2025-06-11T17:00:00Z',
      startLocalTime: '19:00',
      distanceM: 29_800,
      movingTimeS: 3900,
      elapsedTimeS: 3900,
      elevationGainM: 0,
      averageSpeedMps: 29_800 / 3900,
      maxSpeedMps: null,
      averageWatts: 214,
      normalizedPower: 251,
      intensityFactor: 0.93,
      tss: 94,
      variabilityIndex: 1.17,
      efficiencyFactor: 1.66,
      averageHeartrate: 151,
      maxHeartrate: 181,
      averageCadence: 94,
      aerobicDecouplingPct: 4.1,
      powerZones: zones([1250, 900, 350, 300, 900, 150, 50]),
      heartRateZones: zones([600, 1300, 900, 700, 400]),
      bestEfforts: [
        { durationSeconds: 5, watts: 720 },
        { durationSeconds: 60, watts: 390 },
        { durationSeconds: 300, watts: 322 },
        { durationSeconds: 1200, watts: 268 },
        { durationSeconds: 3600, watts: 236 },
      ],
    },
    { history: newHistory(16, { before: '2025-06-11T17:00:00Z' }) },
  ),
  'recovery spin': newInput(
    {
      id: 'sc-3',
      workout: newWorkout('recovery'),
      name: 'Recovery spin',
      startDate: '2025-06-12T11:30:00Z',
      startLocalTime: '13:30',
      distanceM: 24_100,
      movingTimeS: 3300,
      elapsedTimeS: 3420,
      elevationGainM: 95,
      averageSpeedMps: 24_100 / 3300,
      averageWatts: 131,
      normalizedPower: 136,
      intensityFactor: 0.5,
      tss: 23,
      variabilityIndex: 1.04,
      efficiencyFactor: 1.15,
      averageHeartrate: 118,
      maxHeartrate: 131,
      averageCadence: 91,
      aerobicDecouplingPct: 1.9,
      powerZones: zones([2300, 900, 80, 20, 0, 0, 0]),
      heartRateZones: zones([2500, 800, 0, 0, 0]),
      bestEfforts: [
        { durationSeconds: 5, watts: 410 },
        { durationSeconds: 60, watts: 220 },
        { durationSeconds: 300, watts: 171 },
        { durationSeconds: 1200, watts: 148 },
      ],
    },
    { history: newHistory(16, { before: '2025-06-12T11:30:00Z' }) },
  ),
  'hilly ride without power': newInput(
    {
      ...withoutPower,
      id: 'sc-4',
      workout: newWorkout('endurance', [], { basis: 'heart-rate' }),
      name: 'Col de la Madone',
      startDate: '2025-06-21T07:00:00Z',
      startLocalTime: '09:00',
      distanceM: 71_000,
      movingTimeS: 4 * 3600 + 5 * 60,
      elapsedTimeS: 4 * 3600 + 50 * 60,
      elevationGainM: 1_850,
      averageSpeedMps: 71_000 / (4 * 3600 + 5 * 60),
      maxSpeedMps: 19.8,
      averageHeartrate: 146,
      maxHeartrate: 178,
      averageCadence: 72,
      aerobicDecouplingPct: 6.2,
      heartRateZones: zones([1200, 5600, 5200, 2300, 400]),
    },
    {
      history: newHistory(16, { before: '2025-06-21T07:00:00Z' }),
      goals: [
        newGoal({
          title: 'Climb 30000 ft',
          type: 'elevation',
          targetValue: 30000,
          currentValue: 14500,
          targetDate: '2025-09-30',
        }),
      ],
    },
  ),
  'commute without sensors': newInput({
    ...withoutPower,
    ...withoutHeartRate,
    id: 'sc-5',
    workout: null,
    name: 'Commute to work',
    commute: true,
    startDate: '2025-06-16T06:40:00Z',
    startLocalTime: '07:40',
    distanceM: 11_300,
    movingTimeS: 2050,
    elapsedTimeS: 2500,
    elevationGainM: 64,
    averageSpeedMps: 11_300 / 2050,
    maxSpeedMps: 11.2,
    averageCadence: null,
  }),
  'club race': newInput(
    {
      id: 'sc-6',
      workout: newWorkout('race'),
      name: 'Tuesday Night Crit',
      startDate: '2025-06-10T17:30:00Z',
      startLocalTime: '19:30',
      distanceM: 38_600,
      movingTimeS: 3600 + 2 * 60,
      elapsedTimeS: 3600 + 10 * 60,
      elevationGainM: 120,
      averageSpeedMps: 38_600 / 3720,
      maxSpeedMps: 17.9,
      averageWatts: 221,
      normalizedPower: 262,
      intensityFactor: 0.97,
      tss: 98,
      variabilityIndex: 1.19,
      efficiencyFactor: 1.6,
      averageHeartrate: 164,
      maxHeartrate: 185,
      averageCadence: 93,
      aerobicDecouplingPct: 3.8,
      powerZones: zones([1300, 500, 420, 520, 520, 300, 160]),
      heartRateZones: zones([200, 700, 900, 1400, 520]),
      bestEfforts: [
        { durationSeconds: 5, watts: 1040 },
        { durationSeconds: 60, watts: 512 },
        { durationSeconds: 300, watts: 330 },
        { durationSeconds: 1200, watts: 281 },
        { durationSeconds: 3600, watts: 259 },
      ],
    },
    { history: newHistory(16, { before: '2025-06-10T17:30:00Z' }) },
  ),
  'indoor sweet spot': newInput(
    {
      id: 'sc-7',
      workout: newWorkout('sweet-spot', [[3, 900, 300, 90]], { contexts: ['indoor'] }),
      name: '3x15 sweet spot',
      sportType: 'VirtualRide',
      indoor: true,
      startDate: '2025-06-09T05:15:00Z',
      startLocalTime: '06:15',
      distanceM: 0,
      movingTimeS: 4500,
      elapsedTimeS: 4500,
      elevationGainM: 0,
      averageSpeedMps: 0,
      maxSpeedMps: null,
      averageWatts: 212,
      normalizedPower: 224,
      intensityFactor: 0.83,
      tss: 86,
      variabilityIndex: 1.06,
      efficiencyFactor: 1.56,
      averageHeartrate: 144,
      averageCadence: 90,
      aerobicDecouplingPct: 6.6,
      powerZones: zones([900, 700, 1250, 1600, 50, 0, 0]),
      heartRateZones: zones([700, 1500, 1700, 600, 0]),
    },
    { history: newHistory(16, { before: '2025-06-09T05:15:00Z' }) },
  ),
  'first ride, no history': newInput(
    {
      id: 'sc-8',
      name: 'Morning Ride',
      startDate: '2025-05-03T08:00:00Z',
      startLocalTime: '10:00',
    },
    { history: [], goals: [] },
  ),
  'threshold ride that beats the FTP': newInput(
    {
      id: 'sc-9',
      workout: newWorkout('threshold', [[2, 1200, 300, 100]]),
      name: '2x20 threshold',
      startDate: '2025-06-13T16:00:00Z',
      startLocalTime: '18:00',
      distanceM: 41_200,
      movingTimeS: 4800,
      elapsedTimeS: 5000,
      elevationGainM: 260,
      averageSpeedMps: 41_200 / 4800,
      averageWatts: 226,
      normalizedPower: 248,
      intensityFactor: 0.92,
      tss: 113,
      variabilityIndex: 1.1,
      efficiencyFactor: 1.59,
      averageHeartrate: 156,
      averageCadence: 89,
      aerobicDecouplingPct: 4.6,
      powerZones: zones([1100, 900, 500, 2300, 0, 0, 0]),
      heartRateZones: zones([500, 1200, 1300, 1700, 100]),
      bestEfforts: [
        { durationSeconds: 5, watts: 640 },
        { durationSeconds: 60, watts: 380 },
        { durationSeconds: 300, watts: 305 },
        { durationSeconds: 1200, watts: 297 },
        { durationSeconds: 3600, watts: 251 },
      ],
    },
    { history: newHistory(16, { before: '2025-06-13T16:00:00Z' }) },
  ),
  'tempo with a low cadence': newInput(
    {
      ...withoutHeartRate,
      id: 'sc-10',
      workout: newWorkout('tempo'),
      name: 'Lunch tempo',
      startDate: '2025-06-18T10:00:00Z',
      startLocalTime: '12:00',
      distanceM: 44_000,
      movingTimeS: 5100,
      elapsedTimeS: 5300,
      elevationGainM: 300,
      averageSpeedMps: 44_000 / 5100,
      averageWatts: 205,
      normalizedPower: 214,
      intensityFactor: 0.79,
      tss: 88,
      variabilityIndex: 1.04,
      averageCadence: 71,
      powerZones: zones([500, 1500, 2500, 500, 100, 0, 0]),
    },
    {
      history: newHistory(16, { before: '2025-06-18T10:00:00Z' }),
      goals: [
        newGoal({
          title: 'Average 20 mph',
          type: 'speed',
          targetValue: 20,
          currentValue: 18.4,
          targetDate: '2025-08-01',
        }),
      ],
    },
  ),
};

/**
 * The rider's training load on `date` (TrainingFormFacts): CTL, ATL, the form the day started with,
 * the ramp rate and 14 days of loads, oldest first: `lastDays` end on `date`, the days before carry
 * `easyLoad`. By default three hard days (110, 120, 115 TSS) leave a form of 68 - 90 = -22.
 */
export const newForm = ({
  date = '2025-06-14',
  ctl = 68,
  atl = 90,
  tsb = -12,
  rampRate = 4,
  lastDays = [110, 120, 115],
  easyLoad = 50,
}: Partial<Omit<TrainingFormFacts, 'recentDays'>> & {
  lastDays?: number[];
  easyLoad?: number;
} = {}): TrainingFormFacts => {
  const loads = [...Array<number>(14 - lastDays.length).fill(easyLoad), ...lastDays];
  const day = (offset: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
  return { date, ctl, atl, tsb, rampRate, recentDays: loads.map((load, i) => ({ date: day(13 - i), load })) };
};
