import type { UnitFormat } from '../engine/format.js';
import { kcalFromKj } from '../engine/findings.js';
import { formFacts } from '../engine/form-reading.js';
import { INTENSITY_BANDS, type Intensity } from '../engine/targets.js';
import { COACHING_CONSTANTS } from '../facts/ride-facts.js';
import type { CoachRide } from './coach-question.js';
import { ftPerMile, HILLY_FT_PER_MILE, type RiderSnapshot } from './rider-snapshot.js';

/**
 * The facts the chat's how-to answers are written from: the rider's thresholds, load, recent rides,
 * trends and goals, the training targets from their FTP or heart rate, and the coaching constants
 * and per-rider derived values the answers state. Keys name their unit (facts/number-facts.ts), so
 * every number of an answer can be checked against them.
 */

const r2 = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value * 100) / 100;
const r0 = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value);

/** Chat-only constants: load ramps, rest and recovery, protein, weight-loss pace. */
export const CHAT_CONSTANTS = {
  days: [14, 48],
  adviceHours: [2, 3],
  sleepHours: [7, 9],
  proteinGrams: [20, 30, 40],
  snackGrams: [30, 60],
  perKgGrams: [1, 1.6, 2],
  adviceSeconds: [600, 1800, 2700, 3600, 5400],
  rulePct: [5, 10, 15, 30, 40, 50, 80, 100, 0.5],
  stepW: [10],
  counts: [1, 2, 3, 4, 5, 6, 8, 12, 20],
  drillRpm: [5, 70, 80, 90, 100],
  sprintSeconds: [10, 15, 300],
  warmUpSeconds: [30, 60, 300, 600, 900],
};

/** The climbing rate that makes a ride hilly, in the rider's units (keys name them). */
const hillyFacts = (u: UnitFormat) => ({
  [`hilly${u.key.climbRate}`]: [r0(u.climbRateValue(HILLY_FT_PER_MILE))],
});

/** A ride's numbers; distance, climbing and speed in the rider's units (keys name them). */
const rideFacts = (ride: CoachRide, u: UnitFormat) => ({
  name: ride.name,
  date: ride.startDate.slice(0, 10),
  [`distance${u.key.distance}`]: r2(u.distanceValue(ride.distanceM)),
  [`elevation${u.key.elevation}`]: r2(u.elevationValue(ride.elevationGainM)),
  [`climb${u.key.climbRate}`]: r0(u.climbRateValue(ftPerMile(ride))),
  movingSeconds: ride.movingTimeS,
  [`averageSpeed${u.key.speed}`]: ride.indoor ? null : r2(u.speedValue(ride.averageSpeedMps)),
  averagePowerW: r0(ride.averageWatts),
  normalizedPowerW: r0(ride.normalizedPower),
  surgeW:
    ride.normalizedPower !== null && ride.averageWatts ? r0(ride.normalizedPower - ride.averageWatts) : null,
  variabilityIndex:
    ride.normalizedPower !== null && ride.averageWatts ? r2(ride.normalizedPower / ride.averageWatts) : null,
  intensityFactor: r2(ride.intensityFactor),
  tss: r0(ride.tss),
  workKj: r0(ride.kilojoules),
  caloriesKcal: ride.kilojoules == null ? null : r0(kcalFromKj(ride.kilojoules)),
  averageHeartRateBpm: r0(ride.averageHeartrate),
  averageCadenceRpm: r0(ride.averageCadence),
  longRideNextSeconds: [ride.movingTimeS * 1.1, ride.movingTimeS * 1.15],
  carbsTotalGrams: [r0((ride.movingTimeS / 3600) * 60), r0((ride.movingTimeS / 3600) * 90)],
});

/** Targets for each intensity, in watts from the FTP and bpm from the heart reference. */
const targetFacts = (s: RiderSnapshot) =>
  Object.fromEntries(
    (Object.keys(INTENSITY_BANDS) as Intensity[]).map((intensity) => {
      const band = INTENSITY_BANDS[intensity];
      const [low, high] = s.heartReference?.kind === 'threshold' ? band.threshold : band.max;
      return [
        intensity,
        {
          lowPctOfFtp: r0(band.ftp[0] * 100),
          highPctOfFtp: r0(band.ftp[1] * 100),
          lowW: s.ftp ? r0(s.ftp * band.ftp[0]) : null,
          highW: s.ftp ? r0(s.ftp * band.ftp[1]) : null,
          lowBpm: s.heartReference ? r0(s.heartReference.bpm * low) : null,
          highBpm: s.heartReference ? r0(s.heartReference.bpm * high) : null,
        },
      ];
    }),
  );

const weeklyLoad = (rides: readonly CoachRide[]) => ({
  rides: rides.length,
  weeklySeconds: rides.reduce((t, r) => t + r.movingTimeS, 0) / 4,
  weeklyTss: r0(rides.reduce((t, r) => t + (r.tss ?? 0), 0) / 4),
  withTss: rides.filter((r) => r.tss !== null).length,
});

/** The last 4 weeks against the 4 before them, from every ride of the window. */
export const blockComparison = (s: RiderSnapshot) => ({
  weeks: 4,
  last: weeklyLoad(s.last28),
  previous: weeklyLoad(s.previous28),
});

export const snapshotFacts = (s: RiderSnapshot) => {
  const kg = s.weightKg;
  const perWeek = s.hard28.length / 4;
  const trends = s.trends;
  return {
    rider: {
      ftpW: s.ftp,
      ftpSource: s.ftpSource,
      weightKg: r2(kg),
      ftpWPerKg: r2(s.wattsPerKg),
      heartReferenceBpm: s.heartReference?.bpm ?? null,
      weeklyLossKg: kg ? r2(kg * 0.005) : null,
      tenWattsAsKg: s.ftp && kg ? r2((10 / s.ftp) * kg) : null,
      ftpUp5PctWPerKg: s.ftp && kg ? r2((s.ftp * 1.05) / kg) : null,
      carbsPreRideGrams: kg ? [r0(kg), r0(kg * 2)] : null,
    },
    load: {
      ridesLast28Days: s.last28.length,
      weeklyHours: r2(s.weeklyHours28),
      [`weeklyDistance${s.units.key.distance}`]: r2(s.weeklyDistance28),
      lastWeekHours: r2(s.lastWeekHours),
      lastWeekJumpPct: s.weeklyHours28 > 0 ? r0((s.lastWeekHours / s.weeklyHours28 - 1) * 100) : null,
      hardSessions: s.hard28.length,
      hardSessionsPerWeek: r2(perWeek),
      daysRiddenLast14: s.daysRidden14,
      medianCadenceRpm: r0(s.medianCadence),
      enduranceCadenceRpm: r0(s.enduranceCadence),
      cadenceRangeRpm: s.cadenceRange,
      indoorRides: s.indoorRides.length,
      recentRides: s.rides.length,
      hillyRidesLast28Days: s.last28.filter((r) => ftPerMile(r) >= HILLY_FT_PER_MILE).length,
      [`outdoorAverageSpeed${s.units.key.speed}`]: (() => {
        const speeds = s.last28.filter((r) => !r.indoor && r.averageSpeedMps > 0);
        return speeds.length
          ? r2(s.units.speedValue(speeds.reduce((t, r) => t + r.averageSpeedMps, 0) / speeds.length))
          : null;
      })(),
    },
    blocks: blockComparison(s),
    rides: s.rides.map((ride) => rideFacts(ride, s.units)),
    targets: targetFacts(s),
    trends: trends && {
      powerImprovementPct: r0(trends.improvements.powerImprovement),
      heartRateEfficiencyPct: r0(trends.improvements.heartRateEfficiency),
      cadenceConsistencyPct: r0(trends.improvements.cadenceConsistency),
      powerChangePct: [
        trends.improvements.powerImprovement,
        trends.improvements.heartRateEfficiency,
        trends.improvements.cadenceConsistency,
      ]
        .filter((v): v is number => v !== null)
        .map((v) => r0(Math.abs(v))),
      weeks: trends.weeks.map((w) => ({ date: w.date, powerW: r0(w.power), weeks: 12 })),
    },
    /** training load today (CTL, ATL, TSB, ramp rate, the verdict advice follows); null without load data */
    form: s.form && formFacts(s.form, s.formDays),
    goals: s.goals.map((g) => ({
      title: g.title,
      date: g.targetDate,
      current: r2(g.currentValue),
      target: r2(g.targetValue),
      progressPct: g.targetValue > 0 ? r0((g.currentValue / g.targetValue) * 100) : 0,
      daysLeft: g.targetDate ? Math.ceil((Date.parse(g.targetDate) - s.asOfMs) / 86_400_000) : null,
    })),
    constants: { ...COACHING_CONSTANTS, chat: { ...CHAT_CONSTANTS, ...hillyFacts(s.units) } },
  };
};
