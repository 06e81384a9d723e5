/**
 * The one definition of normalized power, shared by the rides service (every ride's metrics) and the
 * web (a zoomed range of the ride page), so the two can never disagree.
 */

/** Seconds of the rolling average normalized power is taken over. */
export const NP_WINDOW_SECONDS = 30;

/**
 * Normalized power of a 1 Hz series (or of `from`..`to` of it): the 30 s rolling mean of power, raised
 * to the 4th power, averaged, 4th root. Null when the span is shorter than the window.
 */
export const normalizedPower = (watts: ArrayLike<number>, from = 0, to = watts.length): number | null => {
  const length = to - from;
  if (length < NP_WINDOW_SECONDS) return null;
  let windowSum = 0;
  for (let i = from; i < from + NP_WINDOW_SECONDS; i += 1) windowSum += watts[i]!;
  let sumOfFourth = 0;
  let windows = 0;
  for (let end = from + NP_WINDOW_SECONDS; ; end += 1) {
    const rolling = windowSum / NP_WINDOW_SECONDS;
    const squared = rolling * rolling;
    sumOfFourth += squared * squared;
    windows += 1;
    if (end >= to) break;
    windowSum += watts[end]! - watts[end - NP_WINDOW_SECONDS]!;
  }
  return Math.pow(sumOfFourth / windows, 0.25);
};
