import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, JobQueue, PRODUCER_REDIS } from '@domestique/common';
import { QUEUES } from '@domestique/proto';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { RidesConfig } from '../config/env.schema.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { backlogPriority, isBackfill, STREAMS_PRIORITY } from './streams-schedule.js';

export const STRAVA_SOURCE = 'strava';

export interface StreamsRide {
  id: string;
  externalId: string;
  startDate: Date;
}

/** Why a ride jumps the queue. */
export type StreamsUrgency = 'opened' | 'webhook';

/** Keeps the highest value of a counter (the backfill position served), for a day after its last move. */
const SET_MAX = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local value = tonumber(ARGV[1])
if value > current then redis.call('SET', KEYS[1], value, 'PX', ARGV[2]) else redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const SERVED_TTL_MS = 24 * 3600 * 1000;

export const streamsJobId = (rideId: string): string => `streams-${rideId}`;

/**
 * The queue of stream fetches (`ride-streams.fetch`), in the order of streams-schedule.ts: riders'
 * newest rides first, backlogs taking turns, and a ride the rider opens or asks to analyse (or one
 * that just arrived by webhook) ahead of everything.
 *
 * `prioritiseStreams(userId, rideId)` is what other features call when a rider opens a ride (the
 * ride page) or asks for its analysis; it needs only this class and RidesRepository, so any module
 * of the rides service may list it among its providers.
 */
@Injectable()
export class RideStreamsQueue {
  constructor(
    @Inject(CONFIG) private readonly config: RidesConfig,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    private readonly jobs: JobQueue,
    private readonly rides: RidesRepository,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.rideStreams);
  }

  private get servedKey(): string {
    return [this.config.REDIS_PREFIX, 'strava', 'streams', 'served'].join(':');
  }

  /** The backfill position served so far (0 when none within a day). */
  async served(): Promise<number> {
    return Number(await this.redis.get(this.servedKey)) || 0;
  }

  /** Called as a fetch starts: backlogs queued from now on join the rotation at this position. */
  async noteServed(priority: number): Promise<void> {
    if (!isBackfill(priority)) return;
    await this.redis.eval(SET_MAX, 1, this.servedKey, priority, SERVED_TTL_MS);
  }

  /**
   * Queues the fetches of the rider's rides without streams, `rides` newest first (the order that
   * ranks them). A ride already queued keeps its place (unless it failed for good: it is retried).
   */
  async enqueueBacklog(userId: string, rides: StreamsRide[]): Promise<void> {
    const served = await this.served();
    const ranked = [...rides].sort((a, b) => b.startDate.getTime() - a.startDate.getTime());
    for (let i = 0; i < ranked.length; i += 50) {
      await Promise.all(
        ranked
          .slice(i, i + 50)
          .map((ride, k) => this.enqueue(userId, ride, backlogPriority(i + k, served), false)),
      );
    }
  }

  /** Queues (or moves up) the fetch of a ride that must come first. */
  async enqueueUrgent(userId: string, ride: StreamsRide, urgency: StreamsUrgency): Promise<void> {
    await this.enqueue(userId, ride, STREAMS_PRIORITY[urgency], true);
  }

  /**
   * The rider opened the ride or asked to analyse it: when its streams are still to come, their
   * fetch goes ahead of every other (a fetch waiting for the rate-limit window is woken to try the
   * budget kept for such fetches). Answers whether the streams are still pending.
   */
  async prioritiseStreams(userId: string, rideId: string): Promise<boolean> {
    const ride = await this.rides.findForUser(userId, rideId);
    if (!ride || ride.source !== STRAVA_SOURCE || ride.streamsFetchedAt) return false;
    await this.enqueueUrgent(userId, ride, 'opened');
    return true;
  }

  private async enqueue(userId: string, ride: StreamsRide, priority: number, urgent: boolean): Promise<void> {
    const jobId = streamsJobId(ride.id);
    const existing = await this.queue.getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed') {
        if (urgent) await this.moveUp(existing, priority);
        await existing.retry('failed');
        return;
      }
      if (state === 'active') return;
      // a finished fetch of a ride that still lacks streams (it ran while disconnected): run again
      if (state !== 'completed' && state !== 'unknown') {
        if (urgent) await this.moveUp(existing, priority);
        return;
      }
      await existing.remove().catch(() => undefined);
    }
    await this.jobs.enqueue(
      'ride-streams.fetch',
      { userId, rideId: ride.id, stravaActivityId: ride.externalId },
      { jobId, priority },
    );
  }

  private async moveUp(job: Job, priority: number): Promise<void> {
    if (job.priority !== 0 && job.priority <= priority) return;
    await job.changePriority({ priority });
    if ((await job.getState()) === 'delayed') await job.promote().catch(() => undefined);
  }
}
