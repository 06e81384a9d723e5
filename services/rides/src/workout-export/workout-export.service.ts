import { Inject, Injectable } from '@nestjs/common';
import { assertTier, badRequest, CONFIG, notFound } from '@domestique/common';
import {
  CALENDAR_FEED_CONTENT_TYPE,
  CALENDAR_FEED_SECRET_BYTES,
  CalendarFeedSecret,
  WORKOUT_EXPORT_CONTENT_TYPES,
  WorkoutExportMessages,
  type CalendarFeedDto,
  type CalendarFeedStatusDto,
  type PlannedWorkoutDto,
  type Tier,
  type WorkoutExportFormat,
} from '@domestique/proto';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { RidesConfig } from '../config/env.schema.js';
import { PlansService } from '../plans/plans.service.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import { TrainingService } from '../training/training.service.js';
import { CalendarFeedsRepository } from './calendar-feeds.repository.js';
import { fitWorkout } from './fit-workout.js';
import { icalendarOf } from './icalendar.js';
import { ergWorkout, mrcWorkout } from './trainer-workout.js';
import { fileNameOf, powerSteps } from './workout-shape.js';
import { zwoWorkout } from './zwo-workout.js';

/** A file to send: its bytes, Content-Type and download name. */
export interface ExportedFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The feed's path under the public address; the secret goes between the two. */
export const CALENDAR_FEED_PATH = '/api/training/calendar-feed/';
const FEED_SUFFIX = '.ics';

/** Exports and the calendar feed are Elite's: Pro and Free get 403. */
export const requireElite = (tier: Tier): void =>
  assertTier(tier, ['elite'], WorkoutExportMessages.requiresElite);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Workouts for the bike computer and the trainer, and the rider's iCalendar feed: over the rider's
 * training plan when they have one (PlansService), else over the week of recommended sessions
 * (TrainingService).
 */
@Injectable()
export class WorkoutExportService {
  constructor(
    private readonly training: TrainingService,
    private readonly plans: PlansService,
    private readonly thresholds: RiderThresholdsService,
    private readonly feeds: CalendarFeedsRepository,
    @Inject(CONFIG) private readonly config: RidesConfig,
  ) {}

  /** The rider's sessions: their plan's, else the recommended week's. */
  private async workoutsOf(
    userId: string,
    tier: Tier,
    timeZone: string | undefined,
    now: Date,
  ): Promise<PlannedWorkoutDto[]> {
    return (
      (await this.plans.planWorkouts(userId)) ??
      (await this.training.recommendations(userId, tier, timeZone, now)).days
    );
  }

  /** The .erg's watts need an FTP; a power session always has one (it was planned from it). */
  private async ftpOf(userId: string, now: Date): Promise<number> {
    const { ftp } = await this.thresholds.at(userId, now);
    if (!ftp) throw badRequest(WorkoutExportMessages.needsPower);
    return ftp;
  }

  private async render(
    userId: string,
    session: PlannedWorkoutDto,
    format: WorkoutExportFormat,
    now: Date,
  ): Promise<Buffer> {
    switch (format) {
      case 'zwo':
        return Buffer.from(zwoWorkout(session));
      case 'fit':
        return Buffer.from(fitWorkout(session, now));
      case 'erg':
        // a heart-rate session answers needsPower before any FTP is looked up
        powerSteps(session);
        return Buffer.from(ergWorkout(session, await this.ftpOf(userId, now)));
      case 'mrc':
        return Buffer.from(mrcWorkout(session));
    }
  }

  /** The one path every export takes: the session's file in `format`. */
  private async fileOf(
    userId: string,
    session: PlannedWorkoutDto,
    format: WorkoutExportFormat,
    now: Date,
  ): Promise<ExportedFile> {
    if (session.steps.length === 0) throw notFound(WorkoutExportMessages.noSession);
    return {
      body: await this.render(userId, session, format, now),
      contentType: WORKOUT_EXPORT_CONTENT_TYPES[format],
      fileName: fileNameOf(session, format),
    };
  }

  /** `GET /api/training/workouts/{date}/export?format=`: the day's session as a file (Elite). */
  async export(
    userId: string,
    tier: Tier,
    date: string,
    format: WorkoutExportFormat,
    timeZone?: string,
    now = new Date(),
  ): Promise<ExportedFile> {
    requireElite(tier);
    const workouts = await this.workoutsOf(userId, tier, timeZone, now);
    // a rest day, or a day outside the plan, has no session
    const session = workouts.find((day) => day.date === date && day.steps.length > 0);
    if (!session) throw notFound(WorkoutExportMessages.noSession);
    return this.fileOf(userId, session, format, now);
  }

  /** `GET /api/plans/current/sessions/{id}/export?format=`: a plan session as a file (Elite). */
  async exportPlanSession(
    userId: string,
    tier: Tier,
    sessionId: string,
    format: WorkoutExportFormat,
    now = new Date(),
  ): Promise<ExportedFile> {
    return this.fileOf(userId, await this.plans.sessionWorkout(userId, tier, sessionId), format, now);
  }

  /**
   * `POST /api/training/calendar-feed` (Elite): a new secret of CALENDAR_FEED_SECRET_BYTES random
   * bytes, stored hashed, replacing any earlier one; the URL is the only place it is ever shown.
   */
  async resetCalendarFeed(userId: string, tier: Tier, now = new Date()): Promise<CalendarFeedDto> {
    requireElite(tier);
    const secret = randomBytes(CALENDAR_FEED_SECRET_BYTES).toString('base64url');
    await this.feeds.replaceSecret(userId, sha256(secret), now);
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    return { url: `${base}${CALENDAR_FEED_PATH}${secret}${FEED_SUFFIX}` };
  }

  /** `GET /api/training/calendar-feed`: whether a feed is live (its address is never shown again). */
  async calendarFeedStatus(userId: string, tier: Tier): Promise<CalendarFeedStatusDto> {
    requireElite(tier);
    const createdAt = await this.feeds.createdAt(userId);
    return { active: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
  }

  /** `DELETE /api/training/calendar-feed`: the feed stops (its URL answers 404); idempotent. */
  async stopCalendarFeed(userId: string, tier: Tier): Promise<void> {
    requireElite(tier);
    await this.feeds.deleteForUser(undefined, userId);
  }

  /**
   * `GET /api/training/calendar-feed/{secret}.ics` (no session): the feed's sessions. Anything but
   * a live secret is 404, so a guess learns nothing. The feed exists only while its rider is Elite
   * (onTierChanged drops it).
   */
  async calendarFeed(file: string, now = new Date()): Promise<ExportedFile> {
    const secret = file.endsWith(FEED_SUFFIX) ? file.slice(0, -FEED_SUFFIX.length) : '';
    if (!CalendarFeedSecret.safeParse(secret).success) throw notFound(WorkoutExportMessages.feedNotFound);
    const userId = await this.feeds.ownerOfSecret(sha256(secret));
    if (!userId) throw notFound(WorkoutExportMessages.feedNotFound);
    const days = await this.workoutsOf(userId, 'elite', undefined, now);
    return {
      // the UIDs carry a digest of the rider, never the rider's id
      body: Buffer.from(icalendarOf(days, sha256(`calendar-feed:${userId}`).slice(0, 20), now)),
      contentType: CALENDAR_FEED_CONTENT_TYPE,
      fileName: 'domestique-training.ics',
    };
  }

  /** A rider who is no longer Elite loses the feed (its URL answers 404 from then on). */
  async onTierChanged(manager: EntityManager, userId: string, tier: Tier): Promise<void> {
    if (tier !== 'elite') await this.feeds.deleteForUser(manager, userId);
  }

  /** A deleted rider: the feed goes. */
  deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    return this.feeds.deleteForUser(manager, userId);
  }
}
