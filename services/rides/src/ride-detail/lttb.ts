/**
 * Largest-triangle-three-buckets (Steinarsson, 2013) over several channels at once: one set of kept
 * sample indices shared by every channel, so all the series a chart draws stay aligned on the same
 * time points. Each bucket keeps the sample whose triangle with the previously kept sample and the
 * next bucket's mean is largest, the areas of every channel (each scaled to its own range, so watts
 * do not drown heart rate) added together. Pure; O(n x channels).
 */

/** A channel's values, one per sample (the same length as `x`). */
export type Channel = ArrayLike<number>;

export interface DownsampleOptions {
  /** the most indices to answer: exactly this many when there are more samples */
  target: number;
  /**
   * Sample indices that must be kept (the max-power sample), in priority order: a bucket holding one
   * keeps it instead of its largest triangle; when two fall in the same bucket the earlier one wins.
   */
  keep?: readonly number[];
}

const scaleOf = (channel: Channel, n: number): number => {
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < n; i += 1) {
    const v = channel[i]!;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const range = high - low;
  return range > 0 && Number.isFinite(range) ? 1 / range : 0;
};

/**
 * The indices (ascending) to keep of `n = x.length` samples: every index when n <= target, else
 * exactly `target` indices, the first and the last always among them.
 */
export const downsampleIndices = (
  x: Channel,
  channels: readonly Channel[],
  options: DownsampleOptions,
): number[] => {
  const n = x.length;
  const target = Math.max(0, Math.floor(options.target));
  if (n <= target || n <= 2) return Array.from({ length: n }, (_, i) => i);
  if (target <= 2) return target === 1 ? [0] : target === 2 ? [0, n - 1] : [];

  const used = channels.filter((channel) => channel.length === n);
  const scales = used.map((channel) => scaleOf(channel, n));
  const xScale = scaleOf(x, n) || 1;
  const priority = new Map<number, number>();
  (options.keep ?? []).forEach((index, rank) => {
    if (Number.isInteger(index) && index > 0 && index < n - 1 && !priority.has(index))
      priority.set(index, rank);
  });

  const buckets = target - 2;
  const size = (n - 2) / buckets;
  const bucketStart = (b: number): number => Math.floor(b * size) + 1;
  const kept = new Array<number>(target);
  kept[0] = 0;
  let a = 0;
  const means = new Float64Array(used.length);

  for (let b = 0; b < buckets; b += 1) {
    const from = bucketStart(b);
    const to = bucketStart(b + 1);
    // the next bucket's mean point (the last sample for the last bucket)
    const nextFrom = to;
    const nextTo = b + 1 < buckets ? bucketStart(b + 2) : n;
    let meanX = 0;
    means.fill(0);
    for (let i = nextFrom; i < nextTo; i += 1) {
      meanX += x[i]!;
      for (let c = 0; c < used.length; c += 1) means[c]! += used[c]![i]!;
    }
    const count = nextTo - nextFrom;
    meanX /= count;
    for (let c = 0; c < used.length; c += 1) means[c]! /= count;

    let chosen = from;
    let chosenRank = Infinity;
    let bestArea = -1;
    const ax = x[a]! * xScale;
    const dx = meanX * xScale - ax;
    for (let i = from; i < to; i += 1) {
      const rank = priority.get(i);
      if (rank !== undefined) {
        if (rank < chosenRank) {
          chosen = i;
          chosenRank = rank;
        }
        continue;
      }
      if (chosenRank !== Infinity) continue;
      const bx = x[i]! * xScale - ax;
      let area = 0;
      for (let c = 0; c < used.length; c += 1) {
        const channel = used[c]!;
        const s = scales[c]!;
        const ay = channel[a]! * s;
        area += Math.abs(bx * (means[c]! * s - ay) - dx * (channel[i]! * s - ay));
      }
      if (area > bestArea) {
        bestArea = area;
        chosen = i;
      }
    }
    kept[b + 1] = chosen;
    a = chosen;
  }
  kept[target - 1] = n - 1;
  return kept;
};

/** The values of `channel` at `indices`. */
export const pick = <T>(channel: ArrayLike<T>, indices: readonly number[]): T[] =>
  indices.map((index) => channel[index]!);

/** The index of the largest value (the first of equal ones); -1 for an empty channel. */
export const indexOfMax = (channel: Channel): number => {
  let best = -1;
  for (let i = 0; i < channel.length; i += 1) if (best < 0 || channel[i]! > channel[best]!) best = i;
  return best;
};
