import { Injectable } from '@nestjs/common';
import { UNNAMED_RIDE } from '@domestique/proto';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository, type EntityManager } from 'typeorm';
import { seriesOf } from '../rides/ride-measure.js';
import { decodeStreams } from '../rides/ride-streams.codec.js';
import { RideStreamsEntity } from '../rides/ride-streams.entity.js';
import { RideEntity } from '../rides/ride.entity.js';
import { rideLoad, type RideLoadInput } from '../training/load-math.js';
import { LOAD_COLUMNS } from '../training/training.repository.js';
import { PlanAdjustmentEntity } from './plan-adjustment.entity.js';
import { PlanSessionEntity } from './plan-session.entity.js';
import { TrainingPlanEntity, type StoredCourse, type StoredPlanWeek } from './training-plan.entity.js';

export type NewPlan = Omit<TrainingPlanEntity, 'id' | 'userId' | 'createdAt' | 'endedAt' | 'course'>;
export type NewPlanSession = Omit<
  PlanSessionEntity,
  'id' | 'planId' | 'userId' | 'plan' | 'status' | 'rideId' | 'compliance' | 'originalDate'
>;
export type SessionChanges = Partial<
  Pick<
    PlanSessionEntity,
    | 'date'
    | 'originalDate'
    | 'week'
    | 'type'
    | 'title'
    | 'steps'
    | 'durationS'
    | 'plannedLoad'
    | 'reason'
    | 'status'
    | 'rideId'
    | 'compliance'
  >
>;
export type NewAdjustment = Pick<PlanAdjustmentEntity, 'trigger' | 'sessionKey' | 'kind' | 'reason'>;

/** The rider's current plan is the one not ended. */
const currentOnly = { endedAt: IsNull() };

/** A ride of the rider on a local day, with the load the training screens count for it. */
export interface DayRide {
  id: string;
  name: string;
  /** YYYY-MM-DD in the zone asked for */
  date: string;
  durationS: number;
  load: number;
}

/** 1 Hz power and heart rate of a ride's stored streams (null when absent). */
export interface RideSeries {
  watts: number[] | null;
  heartrate: number[] | null;
}

/**
 * The only code that queries training_plans, plan_sessions and plan_adjustments (and the rides a
 * plan is measured against). Every method takes the owner.
 */
@Injectable()
export class PlansRepository {
  constructor(
    @InjectRepository(TrainingPlanEntity) private readonly plans: Repository<TrainingPlanEntity>,
    @InjectRepository(RideEntity) private readonly rides: Repository<RideEntity>,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.plans.manager.transaction(work);
  }

  /** The rider's current plan; `lock` holds its row (SELECT ... FOR UPDATE) until the transaction ends. */
  findCurrent(userId: string, manager?: EntityManager, lock = false): Promise<TrainingPlanEntity | null> {
    return (manager ?? this.plans.manager).findOne(TrainingPlanEntity, {
      where: { userId, ...currentOnly },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /**
   * Ends the rider's current plan (if any) and stores the new one with its sessions. One plan build
   * per rider at a time (advisory lock), so the partial unique index never answers a race with a 500.
   */
  async create(
    manager: EntityManager,
    userId: string,
    plan: NewPlan,
    sessions: NewPlanSession[],
    now: Date,
  ): Promise<TrainingPlanEntity> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`training-plan:${userId}`]);
    await manager.update(TrainingPlanEntity, { userId, ...currentOnly }, { endedAt: now });
    const saved = await manager.save(
      manager.create(TrainingPlanEntity, { ...plan, userId, course: null, endedAt: null }),
    );
    await manager.insert(
      PlanSessionEntity,
      sessions.map((session) => ({ ...session, planId: saved.id, userId, status: 'planned' as const })),
    );
    return saved;
  }

  /** Answers whether there was a current plan to end. */
  async endCurrent(userId: string, now: Date): Promise<boolean> {
    const result = await this.plans.update({ userId, ...currentOnly }, { endedAt: now });
    return (result.affected ?? 0) > 0;
  }

  /** The plan's sessions in date order. */
  sessionsOf(userId: string, planId: string, manager?: EntityManager): Promise<PlanSessionEntity[]> {
    return (manager ?? this.plans.manager).find(PlanSessionEntity, {
      where: { userId, planId },
      order: { date: 'ASC', key: 'ASC' },
    });
  }

  /** A session of the rider's current plan. */
  async findCurrentSession(userId: string, sessionId: string): Promise<PlanSessionEntity | null> {
    return this.plans.manager
      .createQueryBuilder(PlanSessionEntity, 's')
      .innerJoin(TrainingPlanEntity, 'p', 'p.id = s.plan_id AND p.ended_at IS NULL')
      .where('s.user_id = :userId AND s.id = :sessionId', { userId, sessionId })
      .getOne();
  }

  /** Newest first. */
  adjustmentsOf(planId: string, manager?: EntityManager): Promise<PlanAdjustmentEntity[]> {
    return (manager ?? this.plans.manager).find(PlanAdjustmentEntity, {
      where: { planId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** The triggers already handled, so the engine never produces them again. */
  async triggersOf(manager: EntityManager, planId: string): Promise<Set<string>> {
    const rows = await manager.find(PlanAdjustmentEntity, { select: { trigger: true }, where: { planId } });
    return new Set(rows.map((row) => row.trigger));
  }

  /** Stores an adjustment; false when its trigger was stored already (it must not be applied again). */
  async recordAdjustment(
    manager: EntityManager,
    planId: string,
    adjustment: NewAdjustment,
    now: Date,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(PlanAdjustmentEntity)
      .values({ ...adjustment, planId, createdAt: now })
      .orIgnore()
      .returning('id')
      .execute();
    return result.raw.length > 0;
  }

  async updateSession(
    manager: EntityManager,
    userId: string,
    sessionId: string,
    changes: SessionChanges,
  ): Promise<void> {
    if (Object.keys(changes).length > 0)
      await manager.update(PlanSessionEntity, { userId, id: sessionId }, changes);
  }

  async deleteSession(manager: EntityManager, userId: string, sessionId: string): Promise<void> {
    await manager.delete(PlanSessionEntity, { userId, id: sessionId });
  }

  async saveWeeks(
    manager: EntityManager,
    userId: string,
    planId: string,
    weeks: StoredPlanWeek[],
  ): Promise<void> {
    await manager.update(TrainingPlanEntity, { userId, id: planId }, { weeks });
  }

  async setCourse(userId: string, planId: string, course: StoredCourse | null): Promise<void> {
    await this.plans.update({ userId, id: planId }, { course });
  }

  /** The rider's rides whose local day (in `timeZone`) is within [from, to], in start order. */
  async ridesBetween(
    userId: string,
    timeZone: string,
    from: string,
    to: string,
    manager?: EntityManager,
  ): Promise<DayRide[]> {
    const rows = (await (manager ?? this.rides.manager).query(
      `SELECT r.id, coalesce(r.name, '') AS name, to_char(r.start_date AT TIME ZONE $2, 'YYYY-MM-DD') AS date,
         ${LOAD_COLUMNS}
       FROM ${this.rides.metadata.tablePath} r
       WHERE r.user_id = $1
         AND r.start_date >= ($3::date::timestamp AT TIME ZONE $2)
         AND r.start_date < (($4::date + 1)::timestamp AT TIME ZONE $2)
       ORDER BY r.start_date, r.id`,
      [userId, timeZone, from, to],
    )) as (RideLoadInput & { id: string; name: string; date: string })[];
    return rows.map((row) => ({
      id: row.id,
      // as every list names a ride without one (an uploaded FIT file has none)
      name: row.name.trim() || UNNAMED_RIDE,
      date: row.date,
      durationS: Math.max(0, row.movingTimeS),
      load: Math.round(rideLoad(row).load * 10) / 10,
    }));
  }

  /** Those of the rides that still exist. */
  async existingRideIds(manager: EntityManager, userId: string, rideIds: string[]): Promise<Set<string>> {
    if (rideIds.length === 0) return new Set();
    const rows = await manager.find(RideEntity, { select: { id: true }, where: { userId, id: In(rideIds) } });
    return new Set(rows.map((row) => row.id));
  }

  /** The 1 Hz power and heart rate of those of the rides that have stored streams. */
  async seriesOf(
    manager: EntityManager,
    userId: string,
    rideIds: string[],
  ): Promise<Map<string, RideSeries>> {
    const found = new Map<string, RideSeries>();
    if (rideIds.length === 0) return found;
    const rows = await manager
      .createQueryBuilder(RideStreamsEntity, 's')
      .select(['s.rideId', 's.data'])
      .where('s.user_id = :userId AND s.ride_id IN (:...rideIds)', { userId, rideIds })
      .getMany();
    for (const row of rows) {
      const series = seriesOf(decodeStreams(row.data));
      if (!series) continue;
      found.set(row.rideId, {
        watts: series.watts ? Array.from(series.watts) : null,
        heartrate: series.heartrate ? Array.from(series.heartrate) : null,
      });
    }
    return found;
  }

  /** A deleted rider: their plans go, and their sessions and adjustments with them (cascade). */
  async deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(TrainingPlanEntity, { userId });
  }
}
