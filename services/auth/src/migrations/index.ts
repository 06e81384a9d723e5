import { CreateUsers1795652176750 } from './1795652176750-CreateUsers.js';
import { AddPasswordResetTokensAndAdminAccounts1795655239017 } from './1795655239017-AddPasswordResetTokensAndAdminAccounts.js';

/** Applied in this order. Never edit a migration that has landed; add a new one. */
export const migrations = [CreateUsers1795652176750, AddPasswordResetTokensAndAdminAccounts1795655239017];
