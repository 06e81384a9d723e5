/** DI tokens of the shared backend kit. */
export const PRODUCER_REDIS = Symbol.for('domestique.redis.producer');
export const SERVICE_NAME = Symbol.for('domestique.service-name');
