/**
 * Turns Strava's streams (one sample per recorded point, at irregular times with smart recording)
 * into 1 Hz series, the time base every metric below assumes.
 *
 * A sample stands for the seconds since the previous one: a gap of up to MAX_FILL_SECONDS is filled
 * with the sample's value (smart recording drops points while nothing changes); a longer gap is a
 * pause (auto-pause, a café stop) and counts as one second, so stops never add zeros to the averages.
 */
export const MAX_FILL_SECONDS = 10;

/** Streams as Strava sends them (`key_by_type=true`), each the same length as `time`. */
export interface RawStreams {
  time: ArrayLike<number>;
  watts?: ArrayLike<number | null> | null;
  heartrate?: ArrayLike<number | null> | null;
  cadence?: ArrayLike<number | null> | null;
}

/** 1 Hz series; a series is null when the stream is absent. */
export interface Series {
  length: number;
  watts: Float64Array | null;
  heartrate: Float64Array | null;
  cadence: Float64Array | null;
}

const usable = (stream: ArrayLike<number | null> | null | undefined, length: number) =>
  stream && stream.length === length ? stream : null;

/** Resamples streams to 1 Hz in one pass (O(duration)). Missing values count as 0. */
export const toSeries = (streams: RawStreams): Series => {
  const { time } = streams;
  const n = time.length;
  const watts = usable(streams.watts, n);
  const heartrate = usable(streams.heartrate, n);
  const cadence = usable(streams.cadence, n);
  if (n === 0) return { length: 0, watts: null, heartrate: null, cadence: null };

  // The number of 1 Hz slots each sample fills.
  const repeats = new Int32Array(n);
  let length = 0;
  for (let i = 0; i < n; i += 1) {
    const gap = i === 0 ? 1 : time[i]! - time[i - 1]!;
    const slots = gap >= 1 && gap <= MAX_FILL_SECONDS ? Math.round(gap) : 1;
    repeats[i] = slots;
    length += slots;
  }

  const expand = (stream: ArrayLike<number | null> | null): Float64Array | null => {
    if (!stream) return null;
    const out = new Float64Array(length);
    let at = 0;
    for (let i = 0; i < n; i += 1) {
      const value = stream[i] ?? 0;
      const v = value > 0 && value < Infinity ? value : 0;
      const slots = repeats[i]!;
      if (slots === 1) out[at++] = v;
      else {
        out.fill(v, at, at + slots);
        at += slots;
      }
    }
    return out;
  };

  return { length, watts: expand(watts), heartrate: expand(heartrate), cadence: expand(cadence) };
};
