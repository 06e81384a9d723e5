import { AdminAccountEntity } from './admin-accounts/admin-account.entity.js';
import { PasswordResetTokenEntity } from './password-reset/password-reset-token.entity.js';
import { UserEntity } from './users/user.entity.js';
import { migrations } from './migrations/index.js';

/** The auth schema's entities and committed migrations (used by the app, the worker and the migration tools). */
export const authDatabase = {
  entities: [UserEntity, PasswordResetTokenEntity, AdminAccountEntity],
  migrations,
};
