/**
 * Work bouts and sets from a 1 Hz intensity series (power, or heart rate, as a fraction of the
 * threshold it is read against). Pure and O(n) per pass.
 */

/** One work bout, in seconds of the series. */
export interface Bout {
  start: number;
  /** excluded */
  end: number;
  /** mean intensity over the bout, fraction of the threshold */
  level: number;
}

/** Consecutive bouts of similar length, effort and rhythm. */
export interface BoutSet {
  /** indexes into the bouts */
  first: number;
  count: number;
}

/** Centered rolling mean over `window` seconds (odd windows are symmetric). */
export const centeredMean = (values: Float64Array, window: number): Float64Array => {
  const n = values.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i += 1) prefix[i + 1] = prefix[i]! + values[i]!;
  const half = Math.floor(window / 2);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const from = Math.max(0, i - half);
    const to = Math.min(n, i - half + window);
    out[i] = (prefix[to]! - prefix[from]!) / (to - from);
  }
  return out;
};

export const meanOf = (values: Float64Array, from: number, to: number): number => {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += values[i]!;
  return to > from ? sum / (to - from) : 0;
};

export interface BoutOptions {
  /** a bout starts when the smoothed intensity reaches this */
  enter: number;
  /** and ends once it has stayed below this for `exitSeconds` */
  exit: number;
  exitSeconds: number;
  /** smoothing window of the entry/exit test, seconds */
  smoothing: number;
  /** a segment is split where its level steps by more than this share of the higher side */
  step: number;
}

/**
 * Hysteresis segmentation: a bout starts where the smoothed intensity reaches `enter` and lasts until
 * it has stayed under `exit` for `exitSeconds` (noise and short dips do not split a bout; an
 * over-under's unders stay above `exit`, so the block is one bout). Edges are then moved to where the
 * smoothed intensity crosses halfway between the bout's level and the easy riding beside it, which
 * is where a step in power actually happened.
 */
export const findBouts = (intensity: Float64Array, options: BoutOptions): Bout[] => {
  const n = intensity.length;
  const smooth = centeredMean(intensity, options.smoothing);
  const raw: [number, number][] = [];
  let start = -1;
  let below = 0;
  for (let i = 0; i < n; i += 1) {
    const v = smooth[i]!;
    if (start < 0) {
      if (v >= options.enter) {
        start = i;
        below = 0;
      }
    } else if (v < options.exit) {
      below += 1;
      if (below >= options.exitSeconds) {
        raw.push([start, i - below + 1]);
        start = -1;
      }
    } else below = 0;
  }
  if (start >= 0) raw.push([start, n - below]);
  const split = raw.flatMap(([from, to]) => splitAtSteps(intensity, from, to, options.step, 0));
  return split.map(([from, to], k) =>
    refineEdges(
      intensity,
      smooth,
      from,
      to,
      split[k - 1]?.[1] ?? 0,
      split[k + 1]?.[0] ?? n,
      options.smoothing,
    ),
  );
};

const EDGE_CONTEXT_SECONDS = 20;
const MIN_PART_SECONDS = 8;

/**
 * Splits a segment at its largest level step (the best two-part fit) when the two parts differ by
 * more than `share` (an over-under's steps are smaller): the end of a warm-up ridden just above the exit level, fused to the first bout.
 */
const splitAtSteps = (
  intensity: Float64Array,
  from: number,
  to: number,
  share: number,
  depth: number,
): [number, number][] => {
  const length = to - from;
  if (depth >= 3 || length < 2 * MIN_PART_SECONDS) return [[from, to]];
  let total = 0;
  for (let i = from; i < to; i += 1) total += intensity[i]!;
  let left = 0;
  let best = -1;
  let bestScore = 0;
  for (let k = from + 1; k < to; k += 1) {
    left += intensity[k - 1]!;
    const a = k - from;
    const b = to - k;
    if (a < MIN_PART_SECONDS || b < MIN_PART_SECONDS) continue;
    const difference = left / a - (total - left) / b;
    const score = ((a * b) / length) * difference * difference;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  if (best < 0) return [[from, to]];
  const first = meanOf(intensity, from, best);
  const second = meanOf(intensity, best, to);
  if (Math.abs(first - second) < share * Math.max(first, second)) return [[from, to]];
  return [
    ...splitAtSteps(intensity, from, best, share, depth + 1),
    ...splitAtSteps(intensity, best, to, share, depth + 1),
  ];
};

const refineEdges = (
  intensity: Float64Array,
  smooth: Float64Array,
  from: number,
  to: number,
  previousEnd: number,
  nextStart: number,
  window: number,
): Bout => {
  const inner = to - from > 8 ? meanOf(intensity, from + 2, to - 2) : meanOf(intensity, from, to);
  // the easy riding beside the bout, clear of the smoothing window that straddles the edge
  const beforeEnd = Math.max(previousEnd, from - window);
  const before = meanOf(intensity, Math.max(previousEnd, beforeEnd - EDGE_CONTEXT_SECONDS), beforeEnd);
  const afterStart = Math.min(nextStart, to + window);
  const after = meanOf(intensity, afterStart, Math.min(nextStart, afterStart + EDGE_CONTEXT_SECONDS));
  const startMid = (inner + before) / 2;
  const endMid = (inner + after) / 2;
  let start = from;
  // move the start back while the riding just before is still above halfway, forward while below
  while (start > previousEnd && start > from - EDGE_CONTEXT_SECONDS && smooth[start - 1]! >= startMid)
    start -= 1;
  while (start < to - 1 && smooth[start]! < startMid) start += 1;
  let end = to;
  while (end < nextStart && end < to + EDGE_CONTEXT_SECONDS + window && smooth[end]! >= endMid) end += 1;
  while (end > start + 1 && smooth[end - 1]! < endMid) end -= 1;
  return { start, end, level: meanOf(intensity, start, end) };
};

/** Long bouts are trimmed of easier riding fused to their ends (the last minutes of a warm-up). */
const TRIM_MIN_SECONDS = 120;
const TRIM_WINDOW_SECONDS = 20;

/**
 * Trims a long bout's ends while the first (last) 20 s average under `share` of its middle half:
 * riding just above the exit level before the first bout belongs to the warm-up, not the work.
 */
export const trimEdges = (intensity: Float64Array, bout: Bout, share: number): Bout => {
  const length = bout.end - bout.start;
  if (length < TRIM_MIN_SECONDS) return bout;
  const quarter = Math.floor(length / 4);
  const floor = share * meanOf(intensity, bout.start + quarter, bout.end - quarter);
  let { start, end } = bout;
  while (end - start > TRIM_MIN_SECONDS && meanOf(intensity, start, start + TRIM_WINDOW_SECONDS) < floor)
    start += 1;
  while (end - start > TRIM_MIN_SECONDS && meanOf(intensity, end - TRIM_WINDOW_SECONDS, end) < floor)
    end -= 1;
  return start === bout.start && end === bout.end
    ? bout
    : { start, end, level: meanOf(intensity, start, end) };
};

/** Merges bouts split by a short gap that was not easy riding (a dip in a long effort). */
export const mergeBouts = (bouts: Bout[], intensity: Float64Array, maxGap: number, easy: number): Bout[] => {
  const out: Bout[] = [];
  for (const bout of bouts) {
    const last = out[out.length - 1];
    if (last && bout.start - last.end <= maxGap && meanOf(intensity, last.end, bout.start) >= easy) {
      last.end = bout.end;
      last.level = meanOf(intensity, last.start, last.end);
    } else out.push({ ...bout });
  }
  return out;
};

const duration = (bout: Bout) => bout.end - bout.start;
const similar = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance * Math.max(a, b);

/** Level tolerance against the set's mean so far (30 s bouts ridden outdoors vary by +-10% or more). */
const SET_LEVEL_TOLERANCE = 0.2;
/** Longest gap between repeats of one set, seconds (a sprint set rests ~5 min between 15 s bouts). */
const MAX_SET_GAP_SECONDS = 600;

/**
 * Groups bouts into sets: consecutive bouts of similar duration (within 30%, or 10 s for short ones)
 * and level (within 20% of the set's mean so far), whose recoveries keep the rhythm of the first one (within 35%, or 20 s).
 * Random surges in a group ride or race rarely keep a rhythm; structured repeats always do.
 */
export const groupSets = (bouts: Bout[]): BoutSet[] => {
  const sets: BoutSet[] = [];
  let i = 0;
  while (i < bouts.length) {
    const first = bouts[i]!;
    let count = 1;
    let rhythm = -1;
    let levels = first.level;
    for (let j = i + 1; j < bouts.length; j += 1) {
      const bout = bouts[j]!;
      const gap = bout.start - bouts[j - 1]!.end;
      const sameLength =
        similar(duration(bout), duration(first), 0.3) || Math.abs(duration(bout) - duration(first)) <= 10;
      const sameLevel = similar(bout.level, levels / count, SET_LEVEL_TOLERANCE);
      const sameRhythm =
        rhythm < 0 ? gap <= MAX_SET_GAP_SECONDS : similar(gap, rhythm, 0.35) || Math.abs(gap - rhythm) <= 20;
      if (!sameLength || !sameLevel || !sameRhythm) break;
      if (rhythm < 0) rhythm = gap;
      levels += bout.level;
      count += 1;
    }
    sets.push({ first: i, count });
    i += count;
  }
  return sets;
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
