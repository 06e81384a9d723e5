import { AdminAuditEntryEntity } from './audit/admin-audit-entry.entity.js';
import { UserDeletionEntity } from './deletions/user-deletion.entity.js';
import { migrations } from './migrations/index.js';

/** The admin schema: its audit log and the progress of user deletions (no other service's data). */
export const adminDatabase = { entities: [AdminAuditEntryEntity, UserDeletionEntity], migrations };
