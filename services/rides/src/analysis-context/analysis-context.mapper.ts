import {
  DEFAULT_RIDE_TYPE,
  UNNAMED_RIDE,
  type RideDetailFacts,
  type RideSummaryFacts,
  type RiderThresholdFacts,
  type TrainingFormDto,
  type TrainingFormFacts,
  type UnitSystem,
  type ZoneTimeDto,
} from '@domestique/proto';
import type { RiderThresholds } from '../rider/rider-thresholds.service.js';
import { isIndoorRide } from '../rides/ride-measure.js';
import type { RideEntity } from '../rides/ride.entity.js';

/** Local wall-clock start "HH:MM" in the ride's time zone, or null when the zone is unknown or invalid. */
export const localStartTime = (start: Date, timeZone: string | null): string | null => {
  if (!timeZone) return null;
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(start);
    const hour = parts.find((p) => p.type === 'hour')?.value;
    const minute = parts.find((p) => p.type === 'minute')?.value;
    return hour && minute ? `${hour}:${minute}` : null;
  } catch {
    return null;
  }
};

const zonesOrNull = (zones: readonly ZoneTimeDto[] | undefined): ZoneTimeDto[] | null =>
  zones && zones.some((z) => z.seconds > 0) ? zones.map((z) => ({ zone: z.zone, seconds: z.seconds })) : null;

/** A ride's summary for comparisons: power only from a power meter, metrics as computed at import. */
export const toRideSummaryFacts = (ride: RideEntity): RideSummaryFacts => {
  const metrics = ride.metrics;
  return {
    id: ride.id,
    source: ride.source === 'strava' ? 'strava' : 'demo',
    name: ride.name?.trim() || UNNAMED_RIDE,
    sportType: ride.sportType || DEFAULT_RIDE_TYPE,
    indoor: isIndoorRide(ride),
    commute: ride.commute,
    startDate: ride.startDate.toISOString(),
    startLocalTime: localStartTime(ride.startDate, ride.timeZone),
    distanceM: ride.distanceM,
    movingTimeS: ride.movingTimeS,
    elapsedTimeS: ride.elapsedTimeS,
    elevationGainM: ride.totalElevationGainM,
    averageSpeedMps: ride.averageSpeedMps,
    averageHeartrate: ride.averageHeartrate,
    averageCadence: ride.averageCadence,
    averageWatts: ride.deviceWatts ? (metrics?.averagePower ?? ride.averageWatts) : null,
    normalizedPower: ride.deviceWatts ? (metrics?.normalizedPower ?? null) : null,
    intensityFactor: ride.deviceWatts ? (metrics?.intensityFactor ?? null) : null,
    tss: ride.deviceWatts ? (metrics?.trainingStressScore ?? null) : null,
    kilojoules: ride.deviceWatts ? (metrics?.kilojoules ?? null) : null,
    workoutType: metrics?.workout?.type ?? null,
  };
};

/** Everything known about the ride being analysed (computed metrics, never streams). */
export const toRideDetailFacts = (ride: RideEntity): RideDetailFacts => {
  const metrics = ride.metrics;
  const power = ride.deviceWatts;
  return {
    ...toRideSummaryFacts(ride),
    maxSpeedMps: null,
    maxHeartrate: metrics?.maxHeartrate ?? ride.maxHeartrate,
    deviceWatts: power,
    variabilityIndex: power ? (metrics?.variabilityIndex ?? null) : null,
    efficiencyFactor: power ? (metrics?.efficiencyFactor ?? null) : null,
    aerobicDecouplingPct: power ? (metrics?.aerobicDecoupling ?? null) : null,
    powerZones: power ? zonesOrNull(metrics?.powerZones) : null,
    heartRateZones: zonesOrNull(metrics?.heartRateZones),
    bestEfforts: power
      ? (metrics?.bestEfforts ?? []).map((e) => ({ durationSeconds: e.durationSeconds, watts: e.watts }))
      : [],
    recordedSeconds: metrics?.recordedSeconds ?? null,
    workout: metrics?.workout ?? null,
    ftpWatts: power ? (metrics?.ftp ?? null) : null,
    streamsPending: ride.source === 'strava' && ride.streamsFetchedAt === null,
  };
};

/** What rides are measured against as of a date, and the units the rider reads, as the analysis service reads it. */
export const toRiderThresholdFacts = (
  thresholds: RiderThresholds,
  units: UnitSystem,
): RiderThresholdFacts => ({
  ftpWatts: thresholds.ftp,
  ftpSource: thresholds.ftpSource,
  ftpDescription: thresholds.ftpDescription ?? null,
  maxHeartrate: thresholds.maxHeartrate,
  maxHeartrateSource: thresholds.maxHeartrateSource,
  thresholdHeartrate: thresholds.lthr,
  thresholdHeartrateSource: thresholds.lthrSource,
  weightKg: thresholds.weightKg,
  units,
});

/**
 * The rider's training load for the coach, or null when there is none to speak of: no load at all
 * (a new rider, or rides without any load) reads as no data, so the coach says nothing about form
 * rather than reading a form of 0 into it.
 */
export const toTrainingFormFacts = (form: TrainingFormDto | null): TrainingFormFacts | null => {
  if (!form) return null;
  const anyLoad = form.ctl > 0 || form.atl > 0 || form.recentDays.some((day) => day.load > 0);
  if (!anyLoad) return null;
  return {
    date: form.date,
    ctl: form.ctl,
    atl: form.atl,
    tsb: form.tsb,
    rampRate: form.rampRate,
    recentDays: form.recentDays.map((day) => ({ date: day.date, load: day.load })),
  };
};
