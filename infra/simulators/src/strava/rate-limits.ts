// Strava's per-application rate limits: 15-minute windows starting at :00, :15, :30 and :45, and a
// daily window ending at midnight UTC; an overall limit and a separate read ("non-upload") limit.

export interface RateLimits {
  overall15m: number;
  overallDaily: number;
  read15m: number;
  readDaily: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  overall15m: 200,
  overallDaily: 2000,
  read15m: 100,
  readDaily: 1000,
};

export interface RateLimitUsage {
  overall15m: number;
  overallDaily: number;
  read15m: number;
  readDaily: number;
}

const QUARTER = 15 * 60;
const DAY = 24 * 60 * 60;

interface Windows extends RateLimitUsage {
  quarter: number;
  day: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Windows>();

  constructor(private limits: RateLimits) {}

  current(): RateLimits {
    return { ...this.limits };
  }

  setLimits(limits: Partial<RateLimits>): void {
    for (const [key, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || (value as number) < 1)
        throw new Error(`Rate limit ${key} must be a positive integer`);
    }
    this.limits = { ...this.limits, ...limits };
  }

  /** Empties every window (as if a new day had started). */
  reset(): void {
    this.windows.clear();
  }

  private windowsOf(clientId: string, nowSeconds: number): Windows {
    const quarter = Math.floor(nowSeconds / QUARTER);
    const day = Math.floor(nowSeconds / DAY);
    let found = this.windows.get(clientId);
    if (!found || found.day !== day) {
      found = { quarter, day, overall15m: 0, overallDaily: 0, read15m: 0, readDaily: 0 };
      this.windows.set(clientId, found);
    } else if (found.quarter !== quarter) {
      Object.assign(found, { quarter, overall15m: 0, read15m: 0 });
    }
    return found;
  }

  usage(clientId: string, nowSeconds: number): RateLimitUsage {
    const { overall15m, overallDaily, read15m, readDaily } = this.windowsOf(clientId, nowSeconds);
    return { overall15m, overallDaily, read15m, readDaily };
  }

  /**
   * Counts one request (a refused one counts too, as Strava's does) and says whether it is over a limit.
   * `read`: a non-upload request (every endpoint this simulator serves).
   */
  count(clientId: string, nowSeconds: number, read: boolean): boolean {
    const w = this.windowsOf(clientId, nowSeconds);
    w.overall15m += 1;
    w.overallDaily += 1;
    if (read) {
      w.read15m += 1;
      w.readDaily += 1;
    }
    const l = this.limits;
    return (
      w.overall15m > l.overall15m ||
      w.overallDaily > l.overallDaily ||
      (read && (w.read15m > l.read15m || w.readDaily > l.readDaily))
    );
  }

  /** The four headers Strava sends with every API answer. */
  headers(clientId: string, nowSeconds: number): Record<string, string> {
    const u = this.usage(clientId, nowSeconds);
    const l = this.limits;
    return {
      'X-RateLimit-Limit': `${l.overall15m},${l.overallDaily}`,
      'X-RateLimit-Usage': `${u.overall15m},${u.overallDaily}`,
      'X-ReadRateLimit-Limit': `${l.read15m},${l.readDaily}`,
      'X-ReadRateLimit-Usage': `${u.read15m},${u.readDaily}`,
    };
  }
}
