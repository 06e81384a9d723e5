import { Injectable } from '@nestjs/common';
import { badRequest, notFound } from '@domestique/common';
import {
  GoalMessages,
  RideErrorCode,
  type CreateGoalRequest,
  type GoalDto,
  type UpdateGoalRequest,
} from '@domestique/proto';
import { DataSource, type EntityManager } from 'typeorm';
import { addDays, startOfLocalDay } from '../analytics/calendar.js';
import { riderTimeZone } from '../analytics/rider-time-zone.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { completionAfter, completionOnEdit, toGoalDto, trackedValue } from './goal-progress.js';
import type { GoalEntity } from './goal.entity.js';
import { GoalsRepository, type GoalChanges } from './goals.repository.js';

/** Ids that are not uuids cannot name a goal: 404 without asking PostgreSQL. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Goals that track themselves: a tracked goal's value is recomputed from the rides in its window
 * when a ride of the rider is imported or deleted (events), never on a read.
 */
@Injectable()
export class GoalsService {
  constructor(
    private readonly goals: GoalsRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly dataSource: DataSource,
  ) {}

  async list(userId: string, now = new Date()): Promise<GoalDto[]> {
    return (await this.goals.listForUser(userId)).map((goal) => toGoalDto(goal, now));
  }

  /** The end of the target date in the rider's time zone; a date already over is refused. */
  private async deadlineOf(
    userId: string,
    targetDate: string,
    browserTimeZone: string | undefined,
    now: Date,
  ) {
    const timeZone = await riderTimeZone(this.profiles, userId, browserTimeZone);
    const deadline = startOfLocalDay(addDays(targetDate, 1), timeZone);
    if (deadline <= now) throw badRequest(GoalMessages.dateInPast);
    return deadline;
  }

  async create(
    userId: string,
    request: CreateGoalRequest,
    browserTimeZone?: string,
    now = new Date(),
  ): Promise<GoalDto> {
    const deadline = await this.deadlineOf(userId, request.targetDate, browserTimeZone, now);
    const goal = await this.dataSource.transaction((manager) =>
      this.goals.create(manager, userId, { ...request, deadline }),
    );
    return toGoalDto(goal, now);
  }

  async update(
    userId: string,
    goalId: string,
    request: UpdateGoalRequest,
    browserTimeZone?: string,
    now = new Date(),
  ): Promise<GoalDto> {
    const goal = UUID.test(goalId) ? await this.goals.findForUser(userId, goalId) : null;
    if (!goal) throw notFound(GoalMessages.notFound, RideErrorCode.GoalNotFound);
    const type = request.type ?? goal.type;
    if (request.currentValue !== undefined && type !== 'custom')
      throw badRequest(GoalMessages.currentValueCustomOnly);
    const changes: GoalChanges = {};
    if (request.title !== undefined) changes.title = request.title;
    if (request.description !== undefined) changes.description = request.description || null;
    if (request.type !== undefined) changes.type = request.type;
    if (request.targetValue !== undefined) changes.targetValue = request.targetValue;
    if (request.targetDate !== undefined && request.targetDate !== goal.targetDate) {
      changes.targetDate = request.targetDate;
      changes.deadline = await this.deadlineOf(userId, request.targetDate, browserTimeZone, now);
    }
    if (type === 'custom')
      changes.currentValue = request.currentValue ?? (goal.type === 'custom' ? goal.currentValue : 0);
    const measureChanged = ['type', 'targetValue', 'deadline', 'currentValue'].some((key) => key in changes);

    await this.dataSource.transaction(async (manager) => {
      await this.goals.update(manager, userId, goalId, changes);
      if (!measureChanged) return;
      const current = await this.currentValueOf(manager, userId, goalId, type, changes.currentValue);
      await this.goals.update(manager, userId, goalId, {
        currentValue: current,
        completedAt: completionOnEdit(
          goal.completedAt,
          current,
          changes.targetValue ?? goal.targetValue,
          now,
        ),
      });
    });
    const updated = (await this.goals.findForUser(userId, goalId)) as GoalEntity;
    return toGoalDto(updated, now);
  }

  private async currentValueOf(
    manager: EntityManager,
    userId: string,
    goalId: string,
    type: GoalEntity['type'],
    customValue: number | undefined,
  ): Promise<number> {
    if (type === 'custom') return customValue ?? 0;
    const [window] = await this.goals.windows(manager, userId, { goalIds: [goalId] });
    return window ? trackedValue(window.type, window) : 0;
  }

  async delete(userId: string, goalId: string): Promise<void> {
    if (!UUID.test(goalId) || !(await this.goals.deleteForUser(userId, goalId)))
      throw notFound(GoalMessages.notFound, RideErrorCode.GoalNotFound);
  }

  /** A new ride: the goals whose window holds its start move on. */
  onRideImported(manager: EntityManager, userId: string, rideStart: Date, now = new Date()): Promise<void> {
    return this.refresh(manager, userId, { rideStart }, now);
  }

  /** A ride is gone (its start is no longer known): every tracked goal of the rider is recounted. */
  onRideDeleted(manager: EntityManager, userId: string, now = new Date()): Promise<void> {
    return this.refresh(manager, userId, {}, now);
  }

  /** Recounts the rider's tracked goals selected by `only`; a completed goal stays completed. */
  private async refresh(
    manager: EntityManager,
    userId: string,
    only: { rideStart?: Date },
    now: Date,
  ): Promise<void> {
    const windows = await this.goals.windows(manager, userId, only);
    await this.goals.saveProgress(
      manager,
      userId,
      windows.map((window) => {
        const currentValue = trackedValue(window.type, window);
        return {
          id: window.id,
          currentValue,
          completedAt: completionAfter(window.completedAt, currentValue, window.targetValue, now),
        };
      }),
    );
  }

  /** Part of a deleted rider's purge. */
  deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    return this.goals.deleteAllForUser(manager, userId);
  }
}
