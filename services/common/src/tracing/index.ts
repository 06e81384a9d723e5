export * from './tracing.js';
export * from './trace-context.js';
export * from './spans.js';
