import { WEBHOOK_READ_RESERVE } from './rate-limit.js';

/**
 * The order of stream fetches, as plain arithmetic (RideStreamsQueue applies it with BullMQ
 * priorities: a lower number runs first, equal numbers in the order queued).
 *
 * - A ride the rider opened or asked to analyse runs first, then a ride that just arrived by
 *   webhook, then each rider's newest rides (the first NEWEST_BAND_SIZE of their backlog), then
 *   the rest of every backlog, newest first.
 * - Backlogs take turns: a rider's k-th newest ride is queued at `floor + k`, where the floor is
 *   the backfill position already served, so a rider who connects during another's 300-ride
 *   backfill joins the rotation at once instead of waiting behind it (round robin by rank).
 * - Backfill fetches leave a larger share of every rate-limit window unused (see
 *   BACKFILL_MIN_RESERVE), so the prioritised fetches above, webhook reads and a new rider's first
 *   sync find budget left even while backlogs are being fetched.
 */

export const STREAMS_PRIORITY = {
  /** a ride the rider opened or asked to analyse */
  opened: 1,
  /** a ride that just arrived by webhook */
  webhook: 2,
  /** the first of each rider's newest rides: newest + rank */
  newest: 10,
  /** everything else: backfill + floor + rank */
  backfill: 100,
} as const;

/** How many of a rider's newest rides without streams are fetched ahead of every backlog. */
export const NEWEST_BAND_SIZE = 10;

/**
 * The share of each window backfill fetches leave to the prioritised ones: STRAVA_STREAMS_RESERVE
 * plus this, and never less than BACKFILL_MIN_RESERVE, which keeps backfill below the point where
 * webhook reads start waiting (WEBHOOK_READ_RESERVE) with room for a new rider's first sync.
 */
export const BACKFILL_EXTRA_RESERVE = 0.2;
export const BACKFILL_MIN_RESERVE = WEBHOOK_READ_RESERVE + 0.15;

/** BullMQ's highest priority number. */
export const MAX_PRIORITY = 2_097_152;

const clamp = (priority: number) => Math.min(MAX_PRIORITY, Math.max(1, Math.round(priority)));

/**
 * The priority of the rider's `rank`-th newest ride without streams (0 = newest) when the
 * backfill position served so far is `served` (a priority number, 0 when none).
 */
export const backlogPriority = (rank: number, served: number): number => {
  if (rank < NEWEST_BAND_SIZE) return STREAMS_PRIORITY.newest + rank;
  const floor = Math.max(0, served - STREAMS_PRIORITY.backfill);
  return clamp(STREAMS_PRIORITY.backfill + floor + rank - NEWEST_BAND_SIZE);
};

/** Whether a job of this priority is backfill (and so keeps the larger reserve). */
export const isBackfill = (priority: number): boolean => priority >= STREAMS_PRIORITY.backfill;

/** The share of each rate-limit window a stream fetch of this priority leaves unused. */
export const streamsReserve = (priority: number, streamsReserveShare: number): number =>
  isBackfill(priority)
    ? Math.min(0.9, Math.max(BACKFILL_MIN_RESERVE, streamsReserveShare + BACKFILL_EXTRA_RESERVE))
    : streamsReserveShare;
