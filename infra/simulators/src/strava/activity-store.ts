// Every demo activity: planned eagerly (cheap), simulated on demand. Summaries are cached once computed;
// streams are recomputed when asked for (only the last few simulations are kept).
import type { DemoAthlete } from './athletes.js';
import {
  planHistory,
  planNewActivity,
  type ActivityPlan,
  type NewActivitySpec,
  type SportType,
  type Visibility,
} from './planner.js';
import { simulate, type Simulation } from './ride-model.js';
import { statsForManual, statsFromStreams, type ActivityStats } from './summary.js';

/** An activity as Strava holds it: what was recorded, and what the athlete has edited since. */
export interface StoredActivity {
  plan: ActivityPlan;
  athlete: DemoAthlete;
  name: string;
  sportType: SportType;
  visibility: Visibility;
}

export interface ActivityChanges {
  name?: string;
  sportType?: SportType;
  private?: boolean;
}

const RECENT_SIMULATIONS = 8;

export class ActivityStore {
  private readonly byAthlete = new Map<number, StoredActivity[]>();
  private readonly byId = new Map<number, StoredActivity>();
  private readonly stats = new Map<number, ActivityStats>();
  private readonly recent = new Map<number, Simulation | null>();
  private readonly sequences = new Map<number, number>();

  constructor(
    readonly athletes: readonly DemoAthlete[],
    private readonly seed: number,
    nowSeconds: number,
  ) {
    for (const athlete of athletes) {
      const plans = planHistory(athlete, seed, nowSeconds);
      const list = plans.map((plan) => this.wrap(plan, athlete));
      this.byAthlete.set(athlete.id, list);
      for (const activity of list) this.byId.set(activity.plan.id, activity);
      this.sequences.set(athlete.id, plans.length);
    }
  }

  private wrap(plan: ActivityPlan, athlete: DemoAthlete): StoredActivity {
    return { plan, athlete, name: plan.name, sportType: plan.sportType, visibility: plan.visibility };
  }

  athlete(id: number): DemoAthlete | undefined {
    return this.athletes.find((athlete) => athlete.id === id);
  }

  /** Every activity of the athlete, oldest first. */
  all(athleteId: number): readonly StoredActivity[] {
    return this.byAthlete.get(athleteId) ?? [];
  }

  get(id: number): StoredActivity | undefined {
    return this.byId.get(id);
  }

  /**
   * The athlete's activities started strictly between `after` and `before` (epoch s): oldest first
   * when only `after` is given (as Strava sorts them then), otherwise newest first.
   */
  list(
    athleteId: number,
    filter: { before?: number; after?: number; includeOnlyMe: boolean },
  ): StoredActivity[] {
    const found: StoredActivity[] = [];
    const all = this.all(athleteId);
    for (let i = all.length - 1; i >= 0; i -= 1) {
      const activity = all[i]!;
      const start = activity.plan.start;
      if (filter.before !== undefined && start >= filter.before) continue;
      if (filter.after !== undefined && start <= filter.after) continue;
      if (!filter.includeOnlyMe && activity.visibility === 'only_me') continue;
      found.push(activity);
    }
    return filter.after !== undefined && filter.before === undefined ? found.reverse() : found;
  }

  /** The 1 Hz simulation (null for a manual entry); the last few are kept. */
  simulation(activity: StoredActivity): Simulation | null {
    const id = activity.plan.id;
    if (this.recent.has(id)) {
      const kept = this.recent.get(id)!;
      this.recent.delete(id);
      this.recent.set(id, kept);
      return kept;
    }
    const simulation = simulate(activity.plan, activity.athlete);
    this.recent.set(id, simulation);
    if (this.recent.size > RECENT_SIMULATIONS) this.recent.delete(this.recent.keys().next().value!);
    return simulation;
  }

  /** Summary fields, computed from the streams once and kept. */
  statsOf(activity: StoredActivity): ActivityStats {
    const id = activity.plan.id;
    let found = this.stats.get(id);
    if (!found) {
      const simulation = this.simulation(activity);
      found = simulation
        ? statsFromStreams(activity.plan, activity.athlete, simulation)
        : statsForManual(activity.plan);
      this.stats.set(id, found);
    }
    return found;
  }

  /**
   * Summary fields of many activities, computing the missing ones in slices so that other requests
   * are served in between (a page of 200 new activities takes a moment).
   */
  async statsOfMany(activities: readonly StoredActivity[]): Promise<ActivityStats[]> {
    let computed = 0;
    const all: ActivityStats[] = [];
    for (const activity of activities) {
      if (!this.stats.has(activity.plan.id)) {
        computed += 1;
        if (computed % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      all.push(this.statsOf(activity));
    }
    return all;
  }

  create(athleteId: number, spec: NewActivitySpec, nowSeconds: number): StoredActivity {
    const athlete = this.athlete(athleteId);
    if (!athlete) throw new Error(`No athlete ${athleteId}`);
    const sequence = (this.sequences.get(athleteId) ?? 0) + 1;
    const plan = planNewActivity(athlete, this.seed, sequence, nowSeconds, spec);
    this.sequences.set(athleteId, sequence);
    const activity = this.wrap(plan, athlete);
    const list = this.byAthlete.get(athleteId)!;
    list.push(activity);
    list.sort((a, b) => a.plan.start - b.plan.start || a.plan.id - b.plan.id);
    this.byId.set(plan.id, activity);
    return activity;
  }

  /** Applies the athlete's edits; returns Strava's webhook `updates` for what changed. */
  update(id: number, changes: ActivityChanges): Record<string, string> {
    const activity = this.byId.get(id);
    if (!activity) throw new Error(`No activity ${id}`);
    const updates: Record<string, string> = {};
    if (changes.name !== undefined && changes.name !== activity.name) {
      activity.name = changes.name;
      updates.title = changes.name;
    }
    if (changes.sportType !== undefined && changes.sportType !== activity.sportType) {
      activity.sportType = changes.sportType;
      updates.type = changes.sportType;
    }
    if (changes.private !== undefined && changes.private !== (activity.visibility === 'only_me')) {
      activity.visibility = changes.private ? 'only_me' : 'everyone';
      updates.private = String(changes.private);
    }
    return updates;
  }

  delete(id: number): StoredActivity {
    const activity = this.byId.get(id);
    if (!activity) throw new Error(`No activity ${id}`);
    this.byId.delete(id);
    this.stats.delete(id);
    this.recent.delete(id);
    const list = this.byAthlete.get(activity.athlete.id)!;
    list.splice(list.indexOf(activity), 1);
    return activity;
  }
}
