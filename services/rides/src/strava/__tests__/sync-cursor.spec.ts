import { describe, expect, it } from '@jest/globals';
import { advance, startProgress } from '../sync-cursor.js';

const range = (from: number, count: number, step: number) =>
  Array.from({ length: count }, (_, i) => from + i * step);

describe('walking the activity list', () => {
  it('moves `before` to the oldest start seen, keeping the boundary second', () => {
    const first = advance(startProgress(null, null), range(10_000, 3, -100), 3, 3);
    expect(first).toMatchObject({
      before: 9_801,
      after: null,
      imported: 3,
      scanned: 3,
      pages: 1,
      done: false,
    });
    const second = advance(first, range(9_800, 3, -100), 2, 3);
    expect(second).toMatchObject({ before: 9_601, imported: 5, scanned: 6, pages: 2, done: false });
  });

  it('stops after a short page', () => {
    expect(advance(startProgress(null, null), [500, 400], 2, 3)).toMatchObject({ done: true, pages: 1 });
    expect(advance(startProgress(null, null), [], 0, 3)).toMatchObject({ done: true, scanned: 0 });
  });

  it('makes progress even when a whole page shares one start second', () => {
    const first = advance({ ...startProgress(null, null), before: 701 }, [700, 700, 700], 1, 3);
    expect(first.before).toBe(700);
  });

  it('moves `after` up when Strava lists oldest first (only `after` given)', () => {
    const first = advance(startProgress(1_000, null), range(1_100, 3, 100), 3, 3);
    expect(first).toMatchObject({ after: 1_299, before: null });
    expect(advance({ ...first, after: 1_299 }, [1_300, 1_300, 1_300], 0, 3).after).toBe(1_300);
  });

  it('needs ceil(n / 200) + 1 requests for n activities (2,000: 11)', () => {
    let progress = startProgress(null, null);
    const starts = range(2_000_000, 2000, -60);
    let requests = 0;
    while (!progress.done) {
      const page = starts.filter((s) => progress.before === null || s < progress.before).slice(0, 200);
      progress = advance(progress, page, page.length);
      requests += 1;
    }
    expect(requests).toBe(11);
    expect(progress.scanned).toBe(2000 + 10);
  });

  it("reports one count: Strava's estimate raised as the walk passes it, the imported count once done", () => {
    // Strava counts 305 public rides; the athlete has 327 the app imports
    let progress = startProgress(null, 305);
    const starts = range(2_000_000, 327, -60);
    const totals: number[] = [];
    while (!progress.done) {
      const page = starts.filter((s) => progress.before === null || s < progress.before).slice(0, 200);
      const fresh = page.filter((s) => progress.before === null || s < progress.before - 1).length;
      progress = advance(progress, page, fresh);
      totals.push(progress.total!);
      expect(progress.total).toBeGreaterThanOrEqual(progress.imported);
    }
    expect(progress.imported).toBe(327);
    expect(totals).toEqual([305, 327]);
    // an incremental walk has no estimate and gets none
    expect(advance(startProgress(1_000, null), [1_001], 1).total).toBeNull();
  });
});
