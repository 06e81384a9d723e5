/**
 * Ways for the start-up to hand the main thread back to the browser between its stages, so no
 * stage is one long task that holds up a tap (Lighthouse's Total Blocking Time counts every task
 * over 50 ms on a 4x slower phone).
 */

/** Resolves in a task of its own, after whatever the browser had queued (input, a paint). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the browser has painted the next frame: a page the gateway sent already drawn shows
 * its text before any of the app's code runs. A hidden tab paints no frames, so it only waits a task.
 */
export const afterNextPaint = (): Promise<void> => {
  if (document.visibilityState === 'hidden') return nextTask();
  return new Promise((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));
};
