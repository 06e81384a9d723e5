import { metresPerSecondToMph, metresToFeet, metresToMiles } from '@domestique/proto';
import { structureOf, workoutLabel } from '../engine/coach-engine.js';
import { diffPercent, FTP_SETTING, kcalFromKj } from '../engine/findings.js';
import { formFacts } from '../engine/form-reading.js';
import type { RideAnalysisInput, RideSummary } from '../engine/ride-analysis-input.js';
import { METRICS_MIN_S, readRide, STEADY_MIN_S, type RideReading } from '../engine/ride-reading.js';
import { INTENSITY_BANDS, type Intensity } from '../engine/targets.js';
import { factsInUnits } from './unit-facts.js';

/**
 * The facts a ride's feedback is composed from, in the units the product shows (full precision:
 * texts round them as displayed): the
 * ride's metrics, derived values (kJ, kcal as an estimate), comparisons with earlier rides, goal
 * state, windows, prescription targets and the coaching constants the texts use. The LLM gets this
 * object (never the raw input) and every number of a feedback is checked against it
 * (number-check.ts). Key suffixes name the unit (W, Bpm, Pct, PctOfFtp, Mi, Ft, Mph, Seconds, ...;
 * Km, M, Kmh for a metric rider, unit-facts.ts):
 * number-facts.ts reads them. A value that may not be said for this ride (decoupling on an interval
 * session, EF under 20 minutes) is left out.
 */
export type RideFactSheet = ReturnType<typeof buildRideFacts>;

/** Coaching constants the texts use: best-effort durations, zones, recipes, fuelling, ranges. */
export const COACHING_CONSTANTS = {
  zones: [1, 2, 3, 4, 5, 6, 7],
  bestEffortSeconds: [5, 60, 300, 1200, 3600],
  /** interval recipes and recovery advice: 3, 4, 5, 8, 12, 15, 20 min; 30, 45, 60, 90 min; 24-48 h */
  recipeSeconds: [180, 240, 300, 360, 480, 720, 900, 1200, 1800, 2700, 3600, 5400, 86_400, 172_800],
  recipeRepeats: [1, 2, 3, 4, 5, 6, 7, 12],
  /** decoupling line, ramp 10-15%, 70-80% easy, FTP = 95% of 20 min, 24% cycling efficiency */
  rulesPct: [5, 10, 15, 24, 70, 80, 95],
  cadenceRpm: [75, 85, 95, 105],
  carbsPerHourGrams: [60, 90],
  fluidPerHourMl: [500, 750],
  days: [5, 7, 28],
  windowWeeks: [4],
  steadyVariabilityIndex: [1.05],
};

/** A finite number or null. Facts keep full precision: texts round them as displayed. */
const num = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;
const pct = (part: number, whole: number | null | undefined): number | null =>
  whole ? num((part / whole) * 100) : null;

const day = (iso: string): string => iso.slice(0, 10);

/** Zone-time shares in percent: each zone and the runs of zones the texts group ("Z1-Z2"). */
const zoneShares = (shares: number[] | null) => {
  if (!shares) return null;
  const out: Record<string, number> = {};
  for (let from = 0; from < shares.length; from += 1)
    for (let to = from; to < shares.length; to += 1) {
      const key = from === to ? `z${from + 1}Pct` : `z${from + 1}ToZ${to + 1}Pct`;
      out[key] = num(shares.slice(from, to + 1).reduce((a, b) => a + b, 0) * 100)!;
    }
  return out;
};

/** Training targets for each intensity, in watts from the FTP, else bpm from heart rate. */
const targetsOf = (reading: RideReading) => {
  const { ftp, heartReference } = reading;
  const entries = (Object.keys(INTENSITY_BANDS) as Intensity[]).map((intensity) => {
    const band = INTENSITY_BANDS[intensity];
    const [low, high] = heartReference?.kind === 'threshold' ? band.threshold : band.max;
    return [
      intensity,
      {
        lowPctOfFtp: num(band.ftp[0] * 100),
        highPctOfFtp: num(band.ftp[1] * 100),
        lowW: ftp ? num(ftp * band.ftp[0]) : null,
        highW: ftp ? num(ftp * band.ftp[1]) : null,
        lowBpm: heartReference ? num(heartReference.bpm * low) : null,
        highBpm: heartReference ? num(heartReference.bpm * high) : null,
        feel: band.feel,
      },
    ] as const;
  });
  return Object.fromEntries(entries) as Record<Intensity, (typeof entries)[number][1]>;
};

const summaryFacts = (ride: RideSummary) => ({
  name: ride.name,
  date: day(ride.startDate),
  distanceMi: num(metresToMiles(ride.distanceM)),
  movingSeconds: ride.movingTimeS,
  elevationFt: num(metresToFeet(ride.elevationGainM)),
  averageSpeedMph: ride.indoor ? null : num(metresPerSecondToMph(ride.averageSpeedMps)),
  workoutType: ride.workoutType ?? null,
});

/** The facts of one ride's feedback. `now` stands for today when the context has no asOf. */
export const buildRideFacts = (input: RideAnalysisInput, now: Date) => {
  const reading = readRide(input, now);
  const { ride, rider } = input;
  const { power, heart, history, workout, best, ftp } = reading;
  const weekly = history.weekly;
  const similar = history.similar;
  const steadyEnough = workout.steady && ride.movingTimeS >= STEADY_MIN_S;
  const longEnough = ride.movingTimeS >= METRICS_MIN_S;
  const hours = ride.movingTimeS / 3600;
  const hrShare = (value: number) => ({
    PctOfThresholdHr: pct(value, rider.thresholdHeartrate),
    PctOfMaxHr: pct(value, rider.maxHeartrate),
  });
  const withPrefix = (prefix: string, shares: Record<string, number | null>) =>
    Object.fromEntries(Object.entries(shares).map(([k, v]) => [`${prefix}${k}`, v]));

  return factsInUnits(
    {
      /** the rider's units: the numbers below (keys Km, M, Kmh, MPerKm for metric) and the text use them */
      units: reading.units.system,
      asOf: new Date(reading.asOf).toISOString().slice(0, 10),
      ride: {
        name: ride.name,
        date: day(ride.startDate),
        sportType: ride.sportType,
        indoor: ride.indoor,
        commute: ride.commute,
        eBike: workout.eBike,
        distanceMi: num(reading.distanceMi),
        elevationFt: num(reading.elevationFt),
        averageSpeedMph: ride.indoor ? null : num(reading.speedMph),
        maxSpeedMph:
          ride.indoor || ride.maxSpeedMps === null ? null : num(metresPerSecondToMph(ride.maxSpeedMps)),
        climbFtPerMi: ride.indoor ? null : num(reading.climbFtPerMi),
        /** local wall-clock start ("HH:MM"), as seconds after midnight */
        startTimeOfDaySeconds: ride.startLocalTime
          ? Number(ride.startLocalTime.slice(0, 2)) * 3600 + Number(ride.startLocalTime.slice(3, 5)) * 60
          : null,
        movingSeconds: ride.movingTimeS,
        elapsedSeconds: ride.elapsedTimeS,
        stoppedSeconds: reading.stoppedS,
        hasPowerMeter: power !== null,
        hasHeartRate: heart !== null,
      },
      workout: {
        /** how the session is named; null when no workout was read from the streams */
        label: workoutLabel(reading),
        type: workout.detail?.type ?? null,
        readFrom: workout.detail?.basis ?? null,
        structure: structureOf(reading),
        intervalSession: workout.intervals,
        steady: workout.steady,
        sets: (workout.detail?.sets ?? []).map((set) => ({
          repeats: set.repeats,
          workSeconds: set.workSeconds,
          recoverySeconds: set.recoverySeconds,
          averagePowerW: num(set.averagePower),
          workPctOfFtp: num(set.percentOfFtp),
          averageHeartRateBpm: num(workout.detail?.intervals[set.firstInterval]?.averageHeartrate),
        })),
        intervalCount: workout.detail?.intervals.length ?? null,
      },
      power: power && {
        /** the ride's average power, as its card shows it */
        averageW: num(power.average),
        normalizedW: num(power.normalized),
        normalizedAboveAverageW: power.normalized !== null ? num(power.normalized - power.average) : null,
        intensityFactor: num(power.intensityFactor),
        tss: num(power.tss),
        variabilityIndex: num(power.variabilityIndex),
        /** the FTP this ride's IF, TSS and zones were measured against */
        ftpW: num(ftp),
        /** the rider's FTP today, when it is not the one this ride was measured against */
        currentFtpW: rider.ftpWatts !== null && rider.ftpWatts !== ftp ? rider.ftpWatts : null,
        ftpSource: rider.ftpSource,
        /** how an estimated FTP was estimated, in words ("estimated from your 20-minute best on 3 Sep") */
        ftpDescription: rider.ftpSource === 'estimated' ? (rider.ftpDescription ?? null) : null,
        ftpSetting: FTP_SETTING,
        /** the sum of recorded power */
        workKj: num(reading.workKj),
        /** an estimate: kJ of work at 24% gross efficiency */
        estimatedKcal: reading.workKj !== null ? num(kcalFromKj(reading.workKj)) : null,
        zones: zoneShares(reading.powerShares),
        bestEfforts: ride.bestEfforts.map((effort) => ({
          durationSeconds: effort.durationSeconds,
          bestW: num(effort.watts),
          bestPctOfFtp: ftp ? num((effort.watts / ftp) * 100) : null,
          bestWPerKg: rider.weightKg ? num(effort.watts / rider.weightKg) : null,
        })),
        /** 95% of this ride's best 20 minutes */
        ftpFrom20MinW: best.m20 !== null ? num(best.m20 * 0.95) : null,
        weightKg: num(rider.weightKg),
      },
      heartRate: heart && {
        averageBpm: num(heart.average),
        ...withPrefix('average', hrShare(heart.average)),
        maxBpm: num(heart.max),
        ...(heart.max !== null ? withPrefix('max', hrShare(heart.max)) : {}),
        thresholdBpm: num(rider.thresholdHeartrate),
        riderMaxBpm: num(rider.maxHeartrate),
        zones: zoneShares(reading.heartShares),
        efficiencyFactor: longEnough ? num(power?.efficiencyFactor) : null,
        aerobicDecouplingPct: steadyEnough ? num(ride.aerobicDecouplingPct) : null,
      },
      cadence: reading.cadence !== null && {
        averageRpm: num(reading.cadence),
        usualRpm: num(history.medianCadence),
        differenceRpm:
          history.medianCadence !== null ? num(Math.abs(reading.cadence - history.medianCadence)) : null,
      },
      comparisons: {
        earlierRides: history.count,
        typical: {
          distanceMi: num(history.medianDistanceM === null ? null : metresToMiles(history.medianDistanceM)),
          movingSeconds: history.medianMovingS,
          elevationFt: num(history.medianElevationM === null ? null : metresToFeet(history.medianElevationM)),
          outdoorSpeedMph: num(
            history.medianOutdoorSpeedMps === null
              ? null
              : metresPerSecondToMph(history.medianOutdoorSpeedMps),
          ),
          averagePowerW: num(history.averagePower),
          tss: num(history.medianTss),
        },
        distanceVsTypicalPct: diffOf(ride.distanceM, history.medianDistanceM),
        speedVsTypicalPct: diffOf(ride.averageSpeedMps, history.medianOutdoorSpeedMps),
        averagePowerVsRecentPct: diffOf(power?.average, history.averagePower),
        tssVsTypicalPct: diffOf(power?.tss, history.medianTss),
        longestMi: num(history.longestDistanceM === null ? null : metresToMiles(history.longestDistanceM)),
        mostClimbingFt: num(history.mostClimbingM === null ? null : metresToFeet(history.mostClimbingM)),
        /** EF against earlier rides of the same type and similar intensity only */
        efficiency:
          longEnough && history.medianEfficiency !== null && power?.efficiencyFactor != null
            ? {
                similarRides: history.efficiencyRides,
                medianEfficiencyFactor: num(history.medianEfficiency),
                differencePct: diffOf(power.efficiencyFactor, history.medianEfficiency),
              }
            : null,
        similarRide: similar && {
          ...summaryFacts(similar),
          speedDifferencePct: diffOf(ride.averageSpeedMps, similar.averageSpeedMps),
        },
        nearest: history.count > 0 && history.count < 3 ? summaryFacts(history.rides[0]!) : null,
      },
      windows: {
        /** every ride of the window is in it */
        complete: weekly !== null,
        weeks: weekly?.weeks ?? null,
        weeklyDistanceMi: weekly ? num(metresToMiles(weekly.averageDistanceM)) : null,
        weeklyHours: weekly ? num(weekly.averageMovingS / 3600) : null,
        weeklyMovingSeconds: weekly?.averageMovingS ?? null,
        weeklyTss: num(weekly?.averageTss),
        last7DaysMovingSeconds: weekly?.recentMovingS ?? null,
        last7DaysTss: num(weekly?.recentTss),
        last7DaysVsWeeklyPct: weekly
          ? weekly.averageTss !== null && weekly.recentTss !== null
            ? diffOf(weekly.recentTss, weekly.averageTss)
            : diffOf(weekly.recentMovingS, weekly.averageMovingS)
          : null,
        ridesLast28DaysWithThis: history.rides28d !== null ? history.rides28d + 1 : null,
        hardSessionsLast28DaysWithThis: history.hardSessions28d !== null ? history.hardSessions28d + 1 : null,
      },
      goals: reading.goals.map((g) => {
        // goals are already in the rider's units
        const key = {
          mi: 'Mi',
          km: 'Km',
          h: 'Hours',
          ft: 'Ft',
          m: 'M',
          mph: 'Mph',
          'km/h': 'Kmh',
          '': '',
        }[g.unit];
        const weeklyPace =
          weekly && g.goal.type === 'distance'
            ? reading.units.distanceValue(weekly.averageDistanceM)
            : weekly && g.goal.type === 'time'
              ? weekly.averageMovingS / 3600
              : null;
        return {
          title: g.goal.title,
          type: g.goal.type,
          unit: g.unit || g.goal.unit || null,
          [`target${key}`]: g.goal.targetValue,
          [`current${key}`]: g.goal.currentValue,
          progressPct: num(g.progress * 100),
          startDate: g.goal.startDate ?? null,
          targetDate: g.goal.targetDate,
          /** counted from today, not from the ride's date */
          daysLeftDays: g.daysLeft,
          /** only rides on or after the goal's start count toward it */
          thisRideCounts: g.counts,
          [`thisRideAdds${key}`]: g.unit === 'h' ? null : num(g.contribution),
          thisRideAddsSeconds: g.unit === 'h' && g.contribution !== null ? g.contribution * 3600 : null,
          [`neededPerWeek${key}`]: num(g.perWeek),
          [`recentPerWeek${key}`]: num(weeklyPace),
        };
      }),
      /**
       * the rider's training load on the ride's day: CTL and ATL after it, the form it started with
       * (tsb) and leaves for the next day (nextDayTsb), the ramp rate and the verdict (rest, easy,
       * train) the advice must follow; null without load data (say nothing about form then)
       */
      form: reading.form && formFacts(reading.form, input.form?.recentDays ?? []),
      targets: targetsOf(reading),
      fuelling:
        reading.length === 'very-long'
          ? { carbsLowGrams: num(hours * 60), carbsHighGrams: num(hours * 90) }
          : null,
      constants: COACHING_CONSTANTS,
    },
    reading.units,
  );
};

/** Percent difference of a against b, whole as written ("12% more"); null when unknown. */
const diffOf = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : diffPercent(a, b);
