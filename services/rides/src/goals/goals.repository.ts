import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { GoalType } from '@domestique/proto';
import { Repository, type EntityManager } from 'typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import type { WindowTotals } from './goal-progress.js';
import { GoalEntity } from './goal.entity.js';

export type NewGoal = Pick<
  GoalEntity,
  'title' | 'description' | 'type' | 'targetValue' | 'targetDate' | 'deadline'
>;

export type GoalChanges = Partial<
  Pick<
    GoalEntity,
    | 'title'
    | 'description'
    | 'type'
    | 'targetValue'
    | 'targetDate'
    | 'deadline'
    | 'currentValue'
    | 'completedAt'
  >
>;

/** A tracked goal with the totals of the rides inside its window. */
export interface GoalWindow extends WindowTotals {
  id: string;
  type: Exclude<GoalType, 'custom'>;
  targetValue: number;
  completedAt: Date | null;
}

export interface GoalProgress {
  id: string;
  currentValue: number;
  completedAt: Date | null;
}

/** The only code that queries the goals table; every method takes the owner. */
@Injectable()
export class GoalsRepository {
  constructor(
    @InjectRepository(GoalEntity) private readonly goals: Repository<GoalEntity>,
    @InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>,
  ) {}

  /** Newest first. */
  listForUser(userId: string): Promise<GoalEntity[]> {
    return this.goals.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findForUser(userId: string, goalId: string, manager?: EntityManager): Promise<GoalEntity | null> {
    return (manager ?? this.goals.manager).findOneBy(GoalEntity, { userId, id: goalId });
  }

  create(manager: EntityManager, userId: string, goal: NewGoal): Promise<GoalEntity> {
    return manager.save(manager.create(GoalEntity, { ...goal, userId, currentValue: 0, completedAt: null }));
  }

  async update(manager: EntityManager, userId: string, goalId: string, changes: GoalChanges): Promise<void> {
    if (Object.keys(changes).length > 0) await manager.update(GoalEntity, { userId, id: goalId }, changes);
  }

  /** Answers whether the goal was there. */
  async deleteForUser(userId: string, goalId: string): Promise<boolean> {
    const result = await this.goals.delete({ userId, id: goalId });
    return (result.affected ?? 0) > 0;
  }

  async deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(GoalEntity, { userId });
  }

  /**
   * The rider's tracked (non-custom) goals with the totals of their rides in [createdAt, deadline):
   * all of them, only `goalIds`, or only those whose window holds `rideStart`.
   */
  async windows(
    manager: EntityManager,
    userId: string,
    only: { goalIds?: string[]; rideStart?: Date } = {},
  ): Promise<GoalWindow[]> {
    const params: unknown[] = [userId];
    let filter = '';
    if (only.goalIds) {
      params.push(only.goalIds);
      filter += ` AND g.id = ANY($${params.length}::uuid[])`;
    }
    if (only.rideStart) {
      params.push(only.rideStart);
      filter += ` AND g.created_at <= $${params.length} AND g.deadline > $${params.length}`;
    }
    const rows = (await manager.query(
      `SELECT g.id, g.type, g.target_value, g.completed_at,
         coalesce(sum(r.distance_m), 0) AS distance,
         coalesce(sum(r.moving_time_s), 0) AS time,
         coalesce(sum(r.total_elevation_gain_m), 0) AS elevation
       FROM ${this.goals.metadata.tablePath} g
       LEFT JOIN ${this.rides.metadata.tablePath} r
         ON r.user_id = g.user_id AND r.start_date >= g.created_at AND r.start_date < g.deadline
       WHERE g.user_id = $1 AND g.type <> 'custom'${filter}
       GROUP BY g.id`,
      params,
    )) as {
      id: string;
      type: Exclude<GoalType, 'custom'>;
      target_value: number;
      completed_at: Date | null;
      distance: number;
      time: string;
      elevation: number;
    }[];
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      targetValue: Number(row.target_value),
      completedAt: row.completed_at ? new Date(row.completed_at) : null,
      distanceM: Number(row.distance),
      movingTimeS: Number(row.time),
      elevationM: Number(row.elevation),
    }));
  }

  /** Writes recomputed progress (one statement for all of them). */
  async saveProgress(manager: EntityManager, userId: string, progress: GoalProgress[]): Promise<void> {
    if (progress.length === 0) return;
    await manager.query(
      `UPDATE ${this.goals.metadata.tablePath} g
       SET current_value = p.current_value, completed_at = p.completed_at, updated_at = now()
       FROM jsonb_to_recordset($2::jsonb) AS p(id uuid, current_value double precision, completed_at timestamptz)
       WHERE g.user_id = $1 AND g.id = p.id`,
      [
        userId,
        JSON.stringify(
          progress.map((p) => ({
            id: p.id,
            current_value: p.currentValue,
            completed_at: p.completedAt?.toISOString() ?? null,
          })),
        ),
      ],
    );
  }
}
