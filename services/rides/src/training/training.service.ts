import { Injectable } from '@nestjs/common';
import { badRequest, forbidden } from '@domestique/common';
import {
  PAID_TIERS,
  TRAINING_RANGE_MAX_DAYS,
  TrainingMessages,
  type Tier,
  type TrainingFormDto,
  type TrainingLoadDayDto,
  type TrainingLoadDto,
  type TrainingRangeQuery,
  type TrainingRecommendationsDto,
  type TrainingWeekDto,
} from '@domestique/proto';
import type { EntityManager } from 'typeorm';
import { addDays, localDate, mondayOf } from '../analytics/calendar.js';
import { riderTimeZone } from '../analytics/rider-time-zone.js';
import { GoalsService } from '../goals/goals.service.js';
import { RiderProfileRepository } from '../rider/rider-profile.repository.js';
import { RiderThresholdsService } from '../rider/rider-thresholds.service.js';
import { pmcSeries, rampRate, round1, toLoadDay, type DailyLoad, type PmcDay } from './load-math.js';
import { recommendWeek } from './recommend.js';
import { TrainingRepository } from './training.repository.js';

/** Days of load the coach's form carries. */
export const FORM_RECENT_DAYS = 14;

/** Refuses free riders with the same 403 the trends use. */
export const requirePaidTier = (tier: Tier): void => {
  if (!PAID_TIERS.includes(tier)) throw forbidden(TrainingMessages.requiresPaidPlan);
};

/** A range after its defaults are applied: from <= to, at most TRAINING_RANGE_MAX_DAYS days (else 400). */
export const checkRange = (from: string, to: string): void => {
  if (from > to) throw badRequest(TrainingMessages.dateOrder);
  if (addDays(from, TRAINING_RANGE_MAX_DAYS) <= to) throw badRequest(TrainingMessages.rangeTooLong);
};

/** What a range query resolves to: its days and the rider's series up to its end. */
interface ResolvedRange {
  from: string;
  to: string;
  timeZone: string;
  stored: DailyLoad[];
  series: PmcDay[];
}

/**
 * Training load (CTL/ATL/TSB, weekly load and hours), the coach's form and the week of recommended
 * sessions, from the rider's daily loads (built from the rides on the first read, then kept current
 * by the ride events: TrainingEventsHandler).
 */
@Injectable()
export class TrainingService {
  constructor(
    private readonly repository: TrainingRepository,
    private readonly profiles: RiderProfileRepository,
    private readonly thresholds: RiderThresholdsService,
    private readonly goals: GoalsService,
  ) {}

  /** The rider's time zone, with the daily loads cut in it (rebuilt when they were not). */
  private async ready(userId: string, browserTimeZone?: string): Promise<string> {
    const timeZone = await riderTimeZone(this.profiles, userId, browserTimeZone);
    if ((await this.repository.stateOf(null, userId)) !== timeZone)
      await this.repository.rebuild(userId, timeZone);
    return timeZone;
  }

  /**
   * The range a query names (to: today; from: the first ride's day, or `to` minus 364 days for
   * `defaultDays`), with the series from the first ride up to `to`.
   */
  private async resolve(userId: string, query: TrainingRangeQuery, now: Date): Promise<ResolvedRange> {
    const timeZone = await this.ready(userId, query.tz);
    const to = query.to ?? localDate(now, timeZone);
    const stored = await this.repository.daysUpTo(userId, to);
    // full history by default, cut to the longest range (CTL still starts from the first ride)
    const earliest = addDays(to, -(TRAINING_RANGE_MAX_DAYS - 1));
    const first = stored[0]?.day ?? to;
    const from = query.from ?? (first < earliest ? earliest : first);
    checkRange(from, to);
    return { from, to, timeZone, stored, series: pmcSeries(stored, to) };
  }

  /** Every day of [from, to]: the series' days, zeros before the first ride. */
  private daysOf(range: ResolvedRange): TrainingLoadDayDto[] {
    const days: TrainingLoadDayDto[] = [];
    const first = range.series[0]?.date ?? addDays(range.to, 1);
    for (let date = range.from; date < first && date <= range.to; date = addDays(date, 1))
      days.push({ date, load: 0, estimated: false, ctl: 0, atl: 0, tsb: 0 });
    for (const day of range.series) if (day.date >= range.from) days.push(toLoadDay(day));
    return days;
  }

  /** Monday-to-Sunday sums of load and moving time of the weeks [from, to] touches. */
  private weeksOf(range: ResolvedRange): TrainingWeekDto[] {
    const weeks: TrainingWeekDto[] = [];
    const firstWeek = mondayOf(range.from);
    let index = 0;
    for (let week = firstWeek; week <= range.to; week = addDays(week, 7)) {
      const end = addDays(week, 7);
      let load = 0;
      let seconds = 0;
      while (index < range.stored.length && range.stored[index]!.day < week) index++;
      for (; index < range.stored.length && range.stored[index]!.day < end; index++) {
        const day = range.stored[index]!;
        if (day.day < range.from || day.day > range.to) continue;
        load += day.load;
        seconds += day.movingS;
      }
      weeks.push({ weekStart: week, load: round1(load), hours: round1(seconds / 3600) });
    }
    return weeks;
  }

  /** `GET /api/training/load`: the daily series (Pro and Elite). */
  async loadSeries(
    userId: string,
    tier: Tier,
    query: TrainingRangeQuery,
    now = new Date(),
  ): Promise<TrainingLoadDayDto[]> {
    requirePaidTier(tier);
    return this.daysOf(await this.resolve(userId, query, now));
  }

  /** `GET /api/training/weekly`: weekly load and hours (Pro and Elite). */
  async weekly(
    userId: string,
    tier: Tier,
    query: TrainingRangeQuery,
    now = new Date(),
  ): Promise<TrainingWeekDto[]> {
    requirePaidTier(tier);
    return this.weeksOf(await this.resolve(userId, query, now));
  }

  /** GraphQL `trainingLoad`: series, weeks and ramp rate in one answer (Pro and Elite). */
  async trainingLoad(
    userId: string,
    tier: Tier,
    query: TrainingRangeQuery,
    now = new Date(),
  ): Promise<TrainingLoadDto> {
    requirePaidTier(tier);
    const range = await this.resolve(userId, query, now);
    return {
      days: this.daysOf(range),
      weeks: this.weeksOf(range),
      rampRate: round1(rampRate(range.series)),
      timeZone: range.timeZone,
    };
  }

  /**
   * The rider's form on a date (a ride's start, or a local YYYY-MM-DD) for the coach, whatever the
   * tier (the coach only answers paid riders). CTL and ATL at the end of the day, TSB the form the
   * day started with, the ramp over the 7 days up to it and the last FORM_RECENT_DAYS days' loads.
   */
  async formAt(userId: string, date: Date | string): Promise<TrainingFormDto> {
    // the zone the rider's screens built the loads in (the browser's when Strava gave none)
    const timeZone = (await this.repository.stateOf(null, userId)) ?? (await this.ready(userId));
    const day = typeof date === 'string' ? date : localDate(date, timeZone);
    const series = pmcSeries(await this.repository.daysUpTo(userId, day), day);
    const last = series.at(-1);
    const recentDays: TrainingFormDto['recentDays'] = [];
    for (let index = FORM_RECENT_DAYS - 1; index >= 0; index--) {
      const at = addDays(day, -index);
      const found = series[series.length - 1 - index];
      recentDays.push({ date: at, load: round1(found?.date === at ? found.load : 0) });
    }
    return {
      date: day,
      ctl: round1(last?.ctl ?? 0),
      atl: round1(last?.atl ?? 0),
      tsb: round1(last?.tsb ?? 0),
      rampRate: round1(rampRate(series)),
      recentDays,
    };
  }

  /**
   * The next 7 days of sessions from the rider's form, the last week's loads and their active goals:
   * from today (form at the end of yesterday), or from tomorrow once the rider has ridden today (form
   * at the end of today). Computed on read, so a ride arriving changes them at once.
   */
  async recommendations(
    userId: string,
    tier: Tier,
    browserTimeZone?: string,
    now = new Date(),
  ): Promise<TrainingRecommendationsDto> {
    requirePaidTier(tier);
    const timeZone = await this.ready(userId, browserTimeZone);
    const today = localDate(now, timeZone);
    const [stored, thresholds, goals] = await Promise.all([
      this.repository.daysUpTo(userId, today),
      this.thresholds.at(userId, now),
      this.goals.list(userId, now),
    ]);
    // a ride today is done: the plan starts tomorrow, from the form it leaves
    const riddenToday = stored.at(-1)?.day === today;
    const start = riddenToday ? addDays(today, 1) : today;
    const series = pmcSeries(stored, addDays(start, -1));
    const last = series.at(-1);
    const days = recommendWeek({
      today: start,
      ctl: last?.ctl ?? 0,
      atl: last?.atl ?? 0,
      recentLoads: series.slice(-7).map((day) => ({ date: day.date, load: day.load })),
      rampRate: rampRate(series),
      byPower: thresholds.ftp !== null,
      goals: goals
        .filter((goal) => goal.status === 'active' && goal.targetDate >= today)
        .sort((a, b) => a.targetDate.localeCompare(b.targetDate)),
    });
    return { generatedAt: now.toISOString(), days };
  }

  // ---- kept current by the ride events ---------------------------------------------------------

  /** Recomputes the local day a ride started on (nothing while the daily loads were never built). */
  onRideChanged(manager: EntityManager, userId: string, startDate: Date): Promise<void> {
    return this.repository.refreshDayOf(manager, userId, startDate);
  }

  /** A ride's metrics changed (thresholds, streams): its day is recomputed. */
  async onRideMetricsChanged(manager: EntityManager, userId: string, rideId: string): Promise<void> {
    const start = await this.repository.rideStart(manager, userId, rideId);
    if (start) await this.onRideChanged(manager, userId, start);
  }

  /** A ride was deleted (its day is no longer known): the daily loads are rebuilt on the next read. */
  onRideDeleted(manager: EntityManager, userId: string): Promise<void> {
    return this.repository.invalidate(manager, userId);
  }

  /** A deleted rider: every training row goes. */
  deleteAllForUser(manager: EntityManager, userId: string): Promise<void> {
    return this.repository.deleteAllForUser(manager, userId);
  }
}
