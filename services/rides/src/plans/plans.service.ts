import { Injectable } from '@nestjs/common';
import { assertTier, badRequest, notFound } from '@domestique/common';
import {
  PLAN_MAX_DAYS,
  PLAN_MIN_DAYS,
  PlanMessages,
  WEEKDAYS,
  type CreatePlanRequest,
  type MovePlanSessionResultDto,
  type PlanCalendarDto,
  type PlanCalendarQuery,
  type PlannedWorkoutDto,
  type Tier,
  type TrainingFormDto,
  type TrainingPlanDto,
} from '@domestique/proto';
import type { IncomingMessage } from 'node:http';
import type { EntityManager } from 'typeorm';
import { addDays, localDate } from '../analytics/calendar.js';
import { riderTimeZone } from '../analytics/rider-time-zone.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { RiderThresholdsService, type RiderThresholds } from '../rider/rider-thresholds.service.js';
import { TrainingService } from '../training/training.service.js';
import {
  adaptPlan,
  buildPlan,
  complianceOf,
  matchDay,
  pacingPlan,
  weekLoadCheck,
  type Adjustment,
  type ComplianceRide,
  type PlanRequestInput,
  type PlanRider,
  type SettledSession,
} from './engine/index.js';
import type { PlanAdjustmentEntity } from './plan-adjustment.entity.js';
import { readCourse, receiveCourse } from './plan-course.js';
import type { PlanSessionEntity } from './plan-session.entity.js';
import { toPlanDto, toSessionDto, workoutOf } from './plan.mapper.js';
import { PlansRepository, type DayRide } from './plans.repository.js';
import type { StoredPlanWeek, TrainingPlanEntity } from './training-plan.entity.js';

/** Plans and the calendar are Elite's: Pro and Free get 403. */
export const requireElite = (tier: Tier): void => assertTier(tier, ['elite'], PlanMessages.requiresElite);

/** Ids that are not uuids cannot name a session: 404 without asking PostgreSQL. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rides this many days back count as recent for adaptation (a race on a rest day). */
const RECENT_RIDE_DAYS = 7;

/** The plan as stored after settling: its row, its sessions and its adjustments (newest first). */
interface SettledPlan {
  plan: TrainingPlanEntity;
  sessions: PlanSessionEntity[];
  adjustments: PlanAdjustmentEntity[];
  thresholds: RiderThresholds;
}

interface RiderDay {
  timeZone: string;
  today: string;
}

/** The request a plan was built from, as the engine reads it. */
const requestOf = (plan: TrainingPlanEntity): PlanRequestInput => ({
  today: plan.startDate,
  eventName: plan.eventName,
  eventDate: plan.eventDate,
  eventType: plan.eventType,
  weeklyHours: plan.weeklyHours,
  ridingDays: plan.ridingDays,
  longRideDay: plan.longRideDay,
});

const riderOf = (thresholds: RiderThresholds, form: { startCtl: number; startAtl: number }): PlanRider => ({
  ftp: thresholds.ftp,
  lthr: thresholds.lthr,
  weightKg: thresholds.weightKg,
  startCtl: form.startCtl,
  startAtl: form.startAtl,
});

const complianceRide = (ride: DayRide): ComplianceRide => ({ ...ride, watts: null, heartrate: null });

const settledOf = (session: PlanSessionEntity): SettledSession => ({
  ...workoutOf(session),
  key: session.key,
  week: session.week,
  phase: session.phase,
  role: session.role,
  status: session.status,
  compliance: session.compliance,
  originalDate: session.originalDate,
});

const weekOf = (plan: TrainingPlanEntity, date: string): StoredPlanWeek | undefined =>
  plan.weeks.find((week) => week.weekStart <= date && date < addDays(week.weekStart, 7));

/**
 * Periodised training plans (issue 23): built by the pure engine from the rider's numbers, stored,
 * and settled on every read: rides of the days gone by are matched to their sessions, unmatched past
 * sessions are missed, and the adjustments that causes are applied once each. Elite only.
 */
@Injectable()
export class PlansService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly thresholds: RiderThresholdsService,
    private readonly training: TrainingService,
  ) {}

  private async riderDay(userId: string, browserTimeZone: string | undefined, now: Date): Promise<RiderDay> {
    const timeZone = await riderTimeZone(this.profiles, userId, browserTimeZone);
    return { timeZone, today: localDate(now, timeZone) };
  }

  /** `POST /api/plans`: builds the rider's plan from today's numbers, replacing the current one. */
  async create(
    userId: string,
    tier: Tier,
    request: CreatePlanRequest,
    now = new Date(),
  ): Promise<TrainingPlanDto> {
    requireElite(tier);
    const { today } = await this.riderDay(userId, request.tz, now);
    if (request.eventDate < addDays(today, PLAN_MIN_DAYS)) throw badRequest(PlanMessages.eventTooSoon);
    if (request.eventDate > addDays(today, PLAN_MAX_DAYS)) throw badRequest(PlanMessages.eventTooFar);
    const [thresholds, form] = await Promise.all([
      this.thresholds.at(userId, now),
      this.training.formAt(userId, today),
    ]);
    // Monday first; the long ride defaults to the week's last riding day
    const ridingDays = WEEKDAYS.filter((day) => request.ridingDays.includes(day));
    const input: PlanRequestInput = {
      today,
      eventName: request.eventName,
      eventDate: request.eventDate,
      eventType: request.eventType,
      weeklyHours: request.weeklyHours,
      ridingDays,
      longRideDay: request.longRideDay ?? ridingDays.at(-1)!,
    };
    const built = buildPlan(input, riderOf(thresholds, { startCtl: form.ctl, startAtl: form.atl }));
    const plan = await this.plans.transaction((manager) =>
      this.plans.create(
        manager,
        userId,
        {
          eventName: input.eventName,
          eventDate: input.eventDate,
          eventType: input.eventType,
          weeklyHours: input.weeklyHours,
          ridingDays: input.ridingDays,
          longRideDay: input.longRideDay,
          startDate: today,
          startCtl: built.startCtl,
          startAtl: form.atl,
          rampLimit: built.rampLimit,
          phases: built.phases,
          weeks: built.weeks,
          racePrep: built.racePrep,
          explanation: built.explanation,
        },
        built.sessions.map((session) => ({
          key: session.key,
          date: session.date,
          week: session.week,
          phase: session.phase,
          role: session.role,
          type: session.type,
          title: session.title,
          steps: session.steps,
          durationS: session.durationS,
          plannedLoad: session.plannedLoad,
          reason: session.reason,
        })),
        now,
      ),
    );
    const sessions = await this.plans.sessionsOf(userId, plan.id);
    return this.answer({ plan, sessions, adjustments: [], thresholds });
  }

  /** `GET /api/plans/current`: the plan, settled up to today (404 without one). */
  async current(userId: string, tier: Tier, timeZone?: string, now = new Date()): Promise<TrainingPlanDto> {
    const plan = await this.find(userId, tier, timeZone, now);
    if (!plan) throw notFound(PlanMessages.noPlan);
    return plan;
  }

  /** GraphQL `trainingPlan`: the settled plan, or null without one. */
  async find(
    userId: string,
    tier: Tier,
    timeZone?: string,
    now = new Date(),
  ): Promise<TrainingPlanDto | null> {
    requireElite(tier);
    const settled = await this.settle(userId, await this.riderDay(userId, timeZone, now), now);
    return settled ? this.answer(settled) : null;
  }

  /** `DELETE /api/plans/current`: ends the plan (its history stays until the rider is deleted). */
  async end(userId: string, tier: Tier, now = new Date()): Promise<void> {
    requireElite(tier);
    if (!(await this.plans.endCurrent(userId, now))) throw notFound(PlanMessages.noPlan);
  }

  /**
   * `PATCH /api/plans/current/sessions/{id}`: moves a session that is not completed to a day from
   * today to the event, then re-checks the load of the week it lands in.
   */
  async move(
    userId: string,
    tier: Tier,
    sessionId: string,
    date: string,
    timeZone?: string,
    now = new Date(),
  ): Promise<MovePlanSessionResultDto> {
    requireElite(tier);
    const day = await this.riderDay(userId, timeZone, now);
    const settled = await this.settle(userId, day, now);
    if (!settled) throw notFound(PlanMessages.noPlan);
    const { plan, sessions } = settled;
    const session = UUID.test(sessionId) ? sessions.find((each) => each.id === sessionId) : undefined;
    if (!session) throw notFound(PlanMessages.sessionNotFound);
    if (session.status === 'completed') throw badRequest(PlanMessages.moveCompleted);
    const week = weekOf(plan, date);
    if (date < day.today || date < plan.startDate || date > plan.eventDate || !week)
      throw badRequest(PlanMessages.moveDate);
    const firstDate = session.originalDate ?? session.date;
    const changes = {
      date,
      originalDate: date === firstDate ? null : firstDate,
      week: week.index,
      status: 'planned' as const,
    };
    await this.plans.transaction((manager) => this.plans.updateSession(manager, userId, session.id, changes));
    Object.assign(session, changes);
    const check = weekLoadCheck(week, sessions.filter((each) => each.week === week.index).map(workoutOf));
    return { plan: this.answer(settled), week: check };
  }

  /** `GET /api/plans/calendar`: every day of the range with its sessions and the rider's rides. */
  async calendar(
    userId: string,
    tier: Tier,
    query: PlanCalendarQuery,
    now = new Date(),
  ): Promise<PlanCalendarDto> {
    requireElite(tier);
    const day = await this.riderDay(userId, query.tz, now);
    const settled = await this.settle(userId, day, now);
    const rides = await this.plans.ridesBetween(userId, day.timeZone, query.from, query.to);
    const sessions = settled?.sessions ?? [];
    const sessionOfRide = new Map(
      sessions.filter((session) => session.rideId).map((session) => [session.rideId!, session.id]),
    );
    const days: PlanCalendarDto['days'] = [];
    for (let date = query.from; date <= query.to; date = addDays(date, 1))
      days.push({
        date,
        sessions: sessions.filter((session) => session.date === date).map(toSessionDto),
        rides: rides
          .filter((ride) => ride.date === date)
          .map((ride) => ({
            id: ride.id,
            name: ride.name,
            durationS: ride.durationS,
            load: ride.load,
            sessionId: sessionOfRide.get(ride.id) ?? null,
          })),
      });
    return { from: query.from, to: query.to, hasPlan: settled !== null, days };
  }

  /** `POST /api/plans/current/course`: the event's course (a GPX), answered with the plan and its pacing. */
  async setCourse(
    userId: string,
    tier: Tier,
    req: IncomingMessage,
    timeZone?: string,
    now = new Date(),
  ): Promise<TrainingPlanDto> {
    requireElite(tier);
    const plan = await this.plans.findCurrent(userId);
    if (!plan) throw notFound(PlanMessages.noPlan);
    const course = readCourse(await receiveCourse(req));
    await this.plans.setCourse(userId, plan.id, course);
    return this.current(userId, tier, timeZone, now);
  }

  /** `DELETE /api/plans/current/course`. */
  async deleteCourse(userId: string, tier: Tier): Promise<void> {
    requireElite(tier);
    const plan = await this.plans.findCurrent(userId);
    if (!plan) throw notFound(PlanMessages.noPlan);
    await this.plans.setCourse(userId, plan.id, null);
  }

  // ---- for the workout exports -------------------------------------------------------------------

  /** A session of the rider's current plan as a workout (404 when it is not one of theirs). */
  async sessionWorkout(userId: string, tier: Tier, sessionId: string): Promise<PlannedWorkoutDto> {
    requireElite(tier);
    const session = UUID.test(sessionId) ? await this.plans.findCurrentSession(userId, sessionId) : null;
    if (!session) throw notFound(PlanMessages.sessionNotFound);
    return workoutOf(session);
  }

  /** The workouts of the rider's current plan in date order; null without a plan. */
  async planWorkouts(userId: string): Promise<PlannedWorkoutDto[] | null> {
    const plan = await this.plans.findCurrent(userId);
    return plan ? (await this.plans.sessionsOf(userId, plan.id)).map(workoutOf) : null;
  }

  /** A deleted rider: every plan goes. */
  deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    return this.plans.deleteAllForUser(manager, userId);
  }

  // ---- settling ----------------------------------------------------------------------------------

  private answer({ plan, sessions, adjustments, thresholds }: SettledPlan): TrainingPlanDto {
    const pacing = plan.course ? pacingPlan(plan.course, riderOf(thresholds, plan), plan.eventType) : null;
    return toPlanDto(plan, sessions, adjustments, pacing);
  }

  /**
   * Brings the plan up to `today` in one transaction, its row locked so that reads settling at once
   * take turns (the second finds the first's work done): rides matched to their sessions with
   * compliance, past sessions without a ride missed, then the engine's adjustments, each stored once
   * (its trigger is unique) and applied. Null without a current plan.
   */
  private async settle(
    userId: string,
    { timeZone, today }: RiderDay,
    now: Date,
  ): Promise<SettledPlan | null> {
    if (!(await this.plans.findCurrent(userId))) return null;
    // outside the transaction: formAt may rebuild the daily loads in a transaction of its own
    const [form, thresholds] = await Promise.all([
      this.training.formAt(userId, today),
      this.thresholds.at(userId, now),
    ]);
    return this.plans.transaction(async (manager) => {
      const plan = await this.plans.findCurrent(userId, manager, true);
      if (!plan) return null;
      const sessions = await this.plans.sessionsOf(userId, plan.id, manager);
      const since = addDays(today, -(RECENT_RIDE_DAYS - 1));
      const rides = await this.plans.ridesBetween(
        userId,
        timeZone,
        plan.startDate < since ? plan.startDate : since,
        today,
        manager,
      );
      await this.matchRides(manager, userId, sessions, rides, today, thresholds);
      await this.adapt(manager, userId, plan, sessions, rides, { today, form, thresholds }, now);
      const adjustments = await this.plans.adjustmentsOf(plan.id, manager);
      return { plan, sessions, adjustments, thresholds };
    });
  }

  /** Pairs the rides of each day up to today with that day's open sessions; past leftovers are missed. */
  private async matchRides(
    manager: EntityManager,
    userId: string,
    sessions: PlanSessionEntity[],
    rides: DayRide[],
    today: string,
    thresholds: RiderThresholds,
  ): Promise<void> {
    const matchedIds = sessions.flatMap((session) => (session.rideId ? [session.rideId] : []));
    const existing = await this.plans.existingRideIds(manager, userId, matchedIds);
    const freed = { status: 'planned' as const, rideId: null, compliance: null };
    for (const session of sessions)
      if (session.rideId && !existing.has(session.rideId)) {
        // its ride was deleted: the session is open again
        await this.plans.updateSession(manager, userId, session.id, freed);
        Object.assign(session, freed);
      }
    const used = new Set(sessions.map((session) => session.rideId));
    const open = sessions.filter((session) => session.status !== 'completed' && session.date <= today);
    const pairs: { session: PlanSessionEntity; ride: DayRide }[] = [];
    for (const date of new Set(open.map((session) => session.date))) {
      const dayRides = rides.filter((ride) => ride.date === date && !used.has(ride.id));
      if (dayRides.length === 0) continue;
      const daySessions = open
        .filter((session) => session.date === date)
        .map((session) => ({ ...workoutOf(session), key: session.key, session }));
      for (const pair of matchDay(daySessions, dayRides.map(complianceRide)))
        pairs.push({
          session: pair.session.session,
          ride: dayRides.find((ride) => ride.id === pair.ride.id)!,
        });
    }
    const series = await this.plans.seriesOf(
      manager,
      userId,
      pairs.map((pair) => pair.ride.id),
    );
    for (const { session, ride } of pairs) {
      const streams = series.get(ride.id) ?? { watts: null, heartrate: null };
      const changes = {
        status: 'completed' as const,
        rideId: ride.id,
        compliance: complianceOf(workoutOf(session), { ...ride, ...streams }, thresholds),
      };
      await this.plans.updateSession(manager, userId, session.id, changes);
      Object.assign(session, changes);
    }
    for (const session of sessions)
      if (session.status === 'planned' && session.date < today) {
        await this.plans.updateSession(manager, userId, session.id, { status: 'missed' });
        session.status = 'missed';
      }
  }

  private async adapt(
    manager: EntityManager,
    userId: string,
    plan: TrainingPlanEntity,
    sessions: PlanSessionEntity[],
    rides: DayRide[],
    { today, form, thresholds }: { today: string; form: TrainingFormDto; thresholds: RiderThresholds },
    now: Date,
  ): Promise<void> {
    const handled = await this.plans.triggersOf(manager, plan.id);
    const matched = new Set(sessions.map((session) => session.rideId));
    const since = addDays(today, -(RECENT_RIDE_DAYS - 1));
    const adjustments = adaptPlan({
      today,
      form: { ctl: form.ctl, atl: form.atl, tsb: form.tsb },
      weeks: plan.weeks,
      sessions: sessions.map(settledOf),
      unplannedRides: rides.filter((ride) => ride.date >= since && !matched.has(ride.id)).map(complianceRide),
      request: requestOf(plan),
      rider: riderOf(thresholds, plan),
      handled,
    });
    for (const adjustment of adjustments) {
      if (handled.has(adjustment.trigger)) continue;
      handled.add(adjustment.trigger);
      const stored = await this.plans.recordAdjustment(
        manager,
        plan.id,
        {
          trigger: adjustment.trigger,
          sessionKey: adjustment.sessionKey,
          kind: adjustment.kind,
          reason: adjustment.reason,
        },
        now,
      );
      if (stored) await this.apply(manager, userId, plan, sessions, adjustment);
    }
  }

  /** Applies one adjustment to the stored plan and to the sessions in hand. */
  private async apply(
    manager: EntityManager,
    userId: string,
    plan: TrainingPlanEntity,
    sessions: PlanSessionEntity[],
    { change, sessionKey }: Adjustment,
  ): Promise<void> {
    if (change.type === 'week-target') {
      plan.weeks = plan.weeks.map((week) =>
        week.index === change.week ? { ...week, targetLoad: change.targetLoad } : week,
      );
      await this.plans.saveWeeks(manager, userId, plan.id, plan.weeks);
      return;
    }
    const index = sessions.findIndex((session) => session.key === sessionKey);
    const session = sessions[index];
    if (!session) return;
    if (change.type === 'drop') {
      await this.plans.deleteSession(manager, userId, session.id);
      sessions.splice(index, 1);
      return;
    }
    const changes =
      change.type === 'move'
        ? {
            date: change.date,
            originalDate: session.originalDate ?? session.date,
            week: weekOf(plan, change.date)?.index ?? session.week,
            status: 'planned' as const,
          }
        : {
            type: change.workout.type,
            title: change.workout.title,
            steps: change.workout.steps,
            durationS: change.workout.durationS,
            plannedLoad: change.workout.plannedLoad,
            reason: change.workout.reason,
          };
    await this.plans.updateSession(manager, userId, session.id, changes);
    Object.assign(session, changes);
  }
}
