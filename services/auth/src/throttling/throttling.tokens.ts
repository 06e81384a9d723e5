/** The action a @RateLimited method names (metadata key). */
export const RATE_LIMIT_ACTION = 'domestique:rate-limit-action';
/** RateLimits, from the configuration */
export const RATE_LIMITS = Symbol.for('domestique.auth.rate-limits');
/** the RedisThrottlerStorage of the attempt counters */
export const RATE_LIMIT_STORAGE = Symbol.for('domestique.auth.rate-limit-storage');
