/**
 * Walking an athlete's activity list without page numbers, so activities created or deleted during
 * the walk never shift a page (offset paging would skip one). Each request bounds the start time:
 * newest-first pages move `before` down to the oldest start seen, ascending pages (Strava sorts
 * ascending when only `after` is given) move `after` up. The bound keeps the boundary second
 * (activities uploaded twice share a start), so a boundary activity may come twice (the upsert
 * makes that harmless) but never zero times.
 */
export const PAGE_SIZE = 200;

export interface SyncProgress {
  /** new rides stored by this run */
  imported: number;
  /** activities looked at (rides and others) */
  scanned: number;
  /**
   * how many rides the walk will have imported, when known (a first import): Strava's count, raised
   * to `imported` as the walk passes it (Strava counts only public rides), `imported` once done
   */
  total: number | null;
  /** epoch seconds; the next request's bounds */
  before: number | null;
  after: number | null;
  /** list requests made */
  pages: number;
  /** set once the walk has reached the end */
  done: boolean;
}

export const startProgress = (after: number | null, total: number | null): SyncProgress => ({
  imported: 0,
  scanned: 0,
  total,
  before: null,
  after,
  pages: 0,
  done: false,
});

/** The bounds of the next request after a page whose activities started at `starts` (epoch seconds, as listed). */
export const advance = (
  progress: SyncProgress,
  starts: number[],
  imported: number,
  pageSize = PAGE_SIZE,
): SyncProgress => {
  const importedSoFar = progress.imported + imported;
  const next: SyncProgress = {
    ...progress,
    imported: importedSoFar,
    total: progress.total === null ? null : Math.max(progress.total, importedSoFar),
    scanned: progress.scanned + starts.length,
    pages: progress.pages + 1,
  };
  if (starts.length < pageSize)
    return { ...next, total: progress.total === null ? null : importedSoFar, done: true };
  const first = starts[0]!;
  const last = starts[starts.length - 1]!;
  // a page of one start second says nothing of the order: Strava sorts ascending when only `after` is given
  const ascending = first < last || (first === last && progress.before === null && progress.after !== null);
  if (ascending) {
    const newest = Math.max(...starts);
    let after = newest - 1;
    if (progress.after !== null && after <= progress.after) after = newest;
    return { ...next, after };
  }
  const oldest = Math.min(...starts);
  let before = oldest + 1;
  if (progress.before !== null && before >= progress.before) before = oldest;
  return { ...next, before };
};
