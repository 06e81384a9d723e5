export * from './validation.js';
export * from './auth.dto.js';
export * from './rides.dto.js';
export * from './analysis.dto.js';
export * from './billing.dto.js';
export * from './accounts.dto.js';
