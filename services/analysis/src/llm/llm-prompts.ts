import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { CoachQuestion } from '../coach/coach-question.js';
import { readRider } from '../coach/rider-snapshot.js';
import { workoutLabel } from '../engine/coach-engine.js';
import { duration, metresPerSecondToMph, metresToFeet, metresToMiles } from '../engine/format.js';
import type { RideAnalysisInput, RideSummary } from '../engine/ride-analysis-input.js';
import { readRide } from '../engine/ride-reading.js';

/** Non-empty strings, checked after parsing (length limits are not part of strict JSON schemas). */
const nonEmpty = <T extends Record<string, string>>(value: T, ctx: z.RefinementCtx) => {
  for (const [key, text] of Object.entries(value))
    if (!text.trim()) ctx.addIssue({ code: 'custom', path: [key], message: 'must not be empty' });
};

/** The feedback the LLM must return (spec section 3, aiFeedback). */
export const RideFeedbackSchema = z
  .strictObject({
    summary: z.string(),
    strengths: z.string(),
    weaknesses: z.string(),
    recommendations: z.string(),
    fullAnalysis: z.string(),
  })
  .superRefine(nonEmpty);

export const CoachAnswerSchema = z.strictObject({ answer: z.string() }).superRefine(nonEmpty);

const r1 = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10;
const r2 = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value * 100) / 100;
const r0 = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value);

const zoneShares = (zones: readonly { zone: number; seconds: number }[] | null, prefix = 'Z') => {
  if (!zones?.length) return null;
  const total = zones.reduce((sum, z) => sum + z.seconds, 0);
  return total > 0
    ? Object.fromEntries(zones.map((z) => [`${prefix}${z.zone}`, r0((z.seconds / total) * 100)]))
    : null;
};

const EFFORT_LABELS: Record<number, string> = {
  5: '5 s',
  60: '1 min',
  300: '5 min',
  1200: '20 min',
  3600: '60 min',
};

/** A ride in the product's units, as the prompts carry it. */
const rideSummaryFacts = (ride: RideSummary) => ({
  name: ride.name,
  date: ride.startDate.slice(0, 10),
  type: ride.sportType,
  indoor: ride.indoor,
  distanceMi: r2(metresToMiles(ride.distanceM)),
  movingTime: duration(ride.movingTimeS),
  elevationFt: r2(metresToFeet(ride.elevationGainM)),
  averageSpeedMph: ride.indoor ? null : r2(metresPerSecondToMph(ride.averageSpeedMps)),
  averagePowerW: r0(ride.averageWatts),
  normalizedPowerW: r0(ride.normalizedPower),
  intensityFactor: r2(ride.intensityFactor),
  tss: r0(ride.tss),
  averageHeartRateBpm: r0(ride.averageHeartrate),
  averageCadenceRpm: r0(ride.averageCadence),
});

/** The computed facts of a ride analysis (never raw streams), in the units the product shows. */
export const rideFacts = (input: RideAnalysisInput) => {
  const reading = readRide(input);
  const { ride, rider } = input;
  const power = reading.power;
  const history = reading.history;
  return {
    ride: {
      ...rideSummaryFacts(ride),
      commute: ride.commute,
      startLocalTime: ride.startLocalTime,
      elapsedTime: duration(ride.elapsedTimeS),
      maxSpeedMph:
        ride.indoor || ride.maxSpeedMps === null ? null : r2(metresPerSecondToMph(ride.maxSpeedMps)),
      averagePowerW: r0(power?.average),
      normalizedPowerW: r0(power?.normalized),
      intensityFactor: r2(power?.intensityFactor),
      tss: r0(power?.tss),
      variabilityIndex: r2(power?.variabilityIndex),
      efficiencyFactor: r2(power?.efficiencyFactor),
      maxHeartRateBpm: r0(ride.maxHeartrate),
      aerobicDecouplingPct: r1(ride.aerobicDecouplingPct),
      climbFtPerMile: r0(reading.climbFtPerMi),
      workKj: r0(reading.workKj),
      powerZonesPct: power ? zoneShares(ride.powerZones) : null,
      heartRateZonesPct: zoneShares(ride.heartRateZones),
      bestEffortsW: power
        ? Object.fromEntries(
            ride.bestEfforts.map((e) => [
              EFFORT_LABELS[e.durationSeconds] ?? `${e.durationSeconds} s`,
              r0(e.watts),
            ]),
          )
        : null,
      hasPowerMeter: power !== null,
      hasHeartRate: reading.heart !== null,
    },
    reading: { workoutType: workoutLabel(reading), decidedBy: reading.workout.basis },
    rider: {
      ftpW: rider.ftpWatts,
      ftpSource: rider.ftpSource,
      maxHeartRateBpm: rider.maxHeartrate,
      thresholdHeartRateBpm: rider.thresholdHeartrate,
      weightKg: r1(rider.weightKg),
    },
    recentRides: {
      count: history.count,
      typical: {
        distanceMi: r2(history.medianDistanceM === null ? null : metresToMiles(history.medianDistanceM)),
        movingTime: history.medianMovingS === null ? null : duration(history.medianMovingS),
        elevationFt: r2(history.medianElevationM === null ? null : metresToFeet(history.medianElevationM)),
        outdoorSpeedMph: r2(
          history.medianOutdoorSpeedMps === null ? null : metresPerSecondToMph(history.medianOutdoorSpeedMps),
        ),
        averagePowerW: r0(history.averagePower),
        tss: r0(history.medianTss),
        cadenceRpm: r0(history.medianCadence),
        efficiencyFactor: r2(history.medianEfficiency),
      },
      weekly: history.weekly && {
        weeks: history.weekly.weeks,
        averageDistanceMi: r2(metresToMiles(history.weekly.averageDistanceM)),
        averageTime: duration(history.weekly.averageMovingS),
        averageTss: r0(history.weekly.averageTss),
        last7DaysDistanceMi: r2(metresToMiles(history.weekly.recentDistanceM)),
        last7DaysTime: duration(history.weekly.recentMovingS),
        last7DaysTss: r0(history.weekly.recentTss),
      },
      hardSessionsLast28Days: history.hardSessions28d,
      latest: history.rides.slice(0, 5).map(rideSummaryFacts),
    },
    goals: reading.goals.map((g) => ({
      title: g.goal.title,
      type: g.goal.type,
      unit: g.unit || null,
      target: g.goal.targetValue,
      current: g.goal.currentValue,
      progressPct: r0(g.progress * 100),
      due: g.goal.targetDate,
      daysLeft: g.daysLeft,
    })),
  };
};

const RULES = [
  'Write in plain, specific coaching language, as a coach who looked closely at this ride.',
  'Use only numbers that appear in the facts (or simple differences of them); never invent data.',
  'Units: miles, feet, mph, W, bpm, rpm; durations as "1h 23m". Distances, elevation and speed with 2 decimals.',
  'If hasPowerMeter is false, do not mention watts, power zones, FTP-based numbers, IF or TSS.',
  'If hasHeartRate is false, do not mention heart rate.',
];

export const RIDE_FEEDBACK_INSTRUCTIONS = [
  'You are Domestique, an experienced cycling coach. Analyse one ride from the computed facts you are given.',
  ...RULES,
  'Fields: summary (2-4 sentences: what the ride was and the key takeaway), strengths (1-3 sentences),',
  "weaknesses (1-3 sentences), recommendations (2-4 concrete next steps, one per line, with targets from the rider's own numbers),",
  'fullAnalysis (a technical write-up with the sections Overview, Power, Heart rate, Pacing, Load, Compared with your recent rides, Goals, Recommendations; each section title on its own line).',
].join('\n');

export const rideFeedbackMessages = (input: RideAnalysisInput): ChatCompletionMessageParam[] => [
  { role: 'system', content: RIDE_FEEDBACK_INSTRUCTIONS },
  {
    role: 'user',
    content: `Analyse this ride. Facts (JSON):\n\`\`\`json\n${JSON.stringify(rideFacts(input))}\n\`\`\``,
  },
];

/** The rider's context for a chat answer: thresholds, recent rides, load, trends, goals. */
export const coachFacts = (question: CoachQuestion) => {
  const s = readRider(question);
  return {
    rider: {
      ftpW: s.ftp,
      ftpSource: s.ftpSource,
      wattsPerKg: r2(s.wattsPerKg),
      weightKg: r1(s.weightKg),
      thresholdHeartRateBpm: question.context.rider.thresholdHeartrate,
      maxHeartRateBpm: question.context.rider.maxHeartrate,
    },
    load: {
      ridesLast28Days: s.last28.length,
      hoursPerWeek: r2(s.weeklyHours28),
      milesPerWeek: r2(s.weeklyMiles28),
      hoursLast7Days: r2(s.lastWeekHours),
      hardSessionsLast28Days: s.hard28.length,
      daysRiddenLast14: s.daysRidden14,
      medianCadenceRpm: r0(s.medianCadence),
    },
    recentRides: s.rides.slice(0, 10).map(rideSummaryFacts),
    trends: question.context.trends?.improvements ?? null,
    goals: s.goals.map((g) => ({
      title: g.title,
      type: g.type,
      target: g.targetValue,
      current: g.currentValue,
      due: g.targetDate,
    })),
  };
};

export const COACH_CHAT_INSTRUCTIONS = [
  'You are Domestique, an experienced cycling coach chatting with one of your riders.',
  'Answer their question in 80-200 words, grounded in their numbers below; name one of their rides where it helps.',
  'Give concrete targets (watts from their FTP, or heart rate) and do not repeat advice you already gave in this conversation.',
  ...RULES.slice(1, 3),
  'Put your reply in the "answer" field.',
].join('\n');

export const coachChatMessages = (question: CoachQuestion): ChatCompletionMessageParam[] => [
  {
    role: 'system',
    content: `${COACH_CHAT_INSTRUCTIONS}\n\nThe rider's facts (JSON):\n\`\`\`json\n${JSON.stringify(coachFacts(question))}\n\`\`\``,
  },
  ...question.history.slice(-6).flatMap((turn): ChatCompletionMessageParam[] => [
    { role: 'user', content: turn.message },
    { role: 'assistant', content: turn.response },
  ]),
  { role: 'user', content: question.message },
];
