export * from './identity.js';
export * from './services.js';
export * from './errors.js';
export * from './events/index.js';
export * from './jobs/index.js';
export * from './patterns/index.js';
export * from './dto/index.js';
export * from './metrics.js';
