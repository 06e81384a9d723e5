import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_READ_RESERVE } from '../rate-limit.js';
import {
  backlogPriority,
  isBackfill,
  MAX_PRIORITY,
  NEWEST_BAND_SIZE,
  STREAMS_PRIORITY,
  streamsReserve,
} from '../streams-schedule.js';

describe('order of stream fetches', () => {
  it("puts opened rides, then webhook rides, then every rider's newest rides ahead of any backlog", () => {
    const newest = Array.from({ length: NEWEST_BAND_SIZE }, (_, rank) => backlogPriority(rank, 0));
    expect(STREAMS_PRIORITY.opened).toBeLessThan(STREAMS_PRIORITY.webhook);
    expect(STREAMS_PRIORITY.webhook).toBeLessThan(Math.min(...newest));
    // newest first within the band, and still ahead of a backlog far along its rotation
    expect(newest).toEqual([...newest].sort((a, b) => a - b));
    expect(Math.max(...newest)).toBeLessThan(backlogPriority(NEWEST_BAND_SIZE, 0));
    expect(Math.max(...newest)).toBeLessThan(backlogPriority(NEWEST_BAND_SIZE, 5000));
    expect(newest.some(isBackfill)).toBe(false);
    expect(isBackfill(backlogPriority(NEWEST_BAND_SIZE, 0))).toBe(true);
  });

  it('lets a backlog queued later take turns with one already served, rank by rank', () => {
    // rider A queued 300 rides at the start; 150 of its backfill rides have been served since
    const riderA = Array.from({ length: 300 }, (_, rank) => backlogPriority(rank, 0));
    const served = riderA[160]!;
    const riderB = Array.from({ length: 300 }, (_, rank) => backlogPriority(rank, served));
    const waitingA = riderA.slice(161);
    // B's k-th backfill ride sits next to A's k-th waiting one: neither waits for the other's whole backlog
    for (let k = 0; k < 50; k += 1)
      expect(Math.abs(riderB[NEWEST_BAND_SIZE + k]! - waitingA[k]!)).toBeLessThanOrEqual(1);
  });

  it('stays within the priorities BullMQ accepts', () => {
    expect(backlogPriority(0, 0)).toBeGreaterThanOrEqual(1);
    expect(backlogPriority(10_000_000, MAX_PRIORITY)).toBe(MAX_PRIORITY);
  });

  it('keeps backfill below the share where webhook reads start to wait', () => {
    expect(streamsReserve(STREAMS_PRIORITY.opened, 0.2)).toBe(0.2);
    expect(streamsReserve(backlogPriority(0, 0), 0.2)).toBe(0.2);
    expect(streamsReserve(backlogPriority(50, 0), 0.2)).toBeGreaterThan(WEBHOOK_READ_RESERVE);
    expect(streamsReserve(backlogPriority(50, 0), 0.85)).toBeLessThanOrEqual(0.9);
  });
});
