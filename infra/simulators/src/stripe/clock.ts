/** The simulator's clock: real time plus an offset that the test controls move forward. Unix seconds. */
export class SimClock {
  private offsetSeconds = 0;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  /** Moves the clock forward to `timestamp` (never backwards). */
  advanceTo(timestamp: number): void {
    const now = this.now();
    if (timestamp > now) this.offsetSeconds += timestamp - now;
  }
}

/** The same day of the month, `months` later (clamped to the month's last day), as Stripe bills monthly. */
export const addMonths = (timestamp: number, months: number): number => {
  const date = new Date(timestamp * 1000);
  const day = date.getUTCDate();
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
};
