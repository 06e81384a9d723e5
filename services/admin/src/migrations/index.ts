import { CreateAuditLogAndUserDeletions1795652521451 } from './1795652521451-CreateAuditLogAndUserDeletions.js';

/** Applied in this order. Never edit a migration that has landed; add a new one. */
export const migrations = [CreateAuditLogAndUserDeletions1795652521451];
