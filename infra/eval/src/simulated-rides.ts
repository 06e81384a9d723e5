/**
 * Rides with known structure: the Strava simulator plans each demo athlete's history and rides it at
 * 1 Hz; its planner says what every workout was (type and interval structure). Each ride is handed
 * over as Strava's API answers it (the activity's JSON and its streams), so the rides service's own
 * import and metrics code reads it exactly as its workers do.
 */
import {
  planHistory,
  resolveAthletes,
  simulateWithTruth,
  statsFromStreams,
  streamValues,
  summaryActivity,
  type ActivityPlan,
  type DemoAthlete,
  type WorkoutTruth,
} from '@domestique/simulators/strava-model';
import { independentFigures, type IndependentFigures } from './independent.js';

const CYCLING = new Set(['Ride', 'GravelRide', 'MountainBikeRide', 'VirtualRide', 'EBikeRide']);
const STREAMS = ['time', 'watts', 'heartrate', 'cadence', 'moving', 'velocity_smooth'] as const;

export interface SimulatedRide {
  athlete: DemoAthlete;
  plan: ActivityPlan;
  truth: WorkoutTruth;
  startDate: Date;
  /** GET /activities' JSON of the ride */
  activity: Record<string, unknown>;
  /** GET /activities/{id}/streams, keyed by type (a sensor the ride lacks is absent) */
  streams: Partial<Record<(typeof STREAMS)[number], unknown[]>>;
  /** Strava's summary figures of the ride */
  stats: ReturnType<typeof statsFromStreams>;
  independent: IndependentFigures;
}

export interface EvalAthlete {
  athlete: DemoAthlete;
  /** every cycling ride of the history, oldest first */
  rides: SimulatedRide[];
}

/** Racers, climbers and all-rounders, riding with a power meter most days. */
const athleteSpecs = (count: number, months: number) =>
  Array.from({ length: count }, (_, i) => ({
    profile: (['racer', 'climber', 'allrounder'] as const)[i % 3],
    months,
  }));

/** `athletes` simulated athletes with `months` of history each; deterministic for a seed. */
export const simulateAthletes = (athletes: number, months: number, seed: number, now: Date): EvalAthlete[] =>
  resolveAthletes(athleteSpecs(athletes, months), seed).map((athlete) => {
    const rides: SimulatedRide[] = [];
    for (const plan of planHistory(athlete, seed, Math.floor(now.getTime() / 1000))) {
      if (!CYCLING.has(plan.sportType) || plan.manual) continue;
      const simulated = simulateWithTruth(plan, athlete);
      if (!simulated?.truth) continue;
      const { simulation, truth } = simulated;
      const stats = statsFromStreams(plan, athlete, simulation);
      const streams: SimulatedRide['streams'] = {};
      for (const type of STREAMS) {
        const values = streamValues(simulation.streams, type);
        if (values && (type !== 'watts' || plan.power)) streams[type] = values;
      }
      const s = simulation.streams;
      const n = s.length;
      rides.push({
        athlete,
        plan,
        truth,
        startDate: new Date(plan.start * 1000),
        activity: summaryActivity(
          { plan, athlete, name: plan.name, sportType: plan.sportType, visibility: plan.visibility },
          stats,
        ),
        streams,
        stats,
        independent: independentFigures({
          watts: plan.power ? (s.watts?.subarray(0, n) ?? null) : null,
          heartrate: s.heartrate?.subarray(0, n) ?? null,
          moving: s.moving.subarray(0, n),
          distance: s.distance.subarray(0, n),
          length: n,
        }),
      });
    }
    return { athlete, rides };
  });
