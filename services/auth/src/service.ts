import { defineService } from '@domestique/common';
import { authEnvSchema } from './config/env.schema.js';
import { authDatabase } from './database.js';
import { AdminAccountsModule } from './admin-accounts/admin-accounts.module.js';
import { AdminDirectoryModule } from './admin-directory/admin-directory.module.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { UsersModule } from './users/users.module.js';

/** The auth service: users, passwords, session grants, profile, admin accounts. */
export const authService = defineService({
  name: 'auth',
  envSchema: authEnvSchema,
  database: authDatabase,
  features: [UsersModule, PasswordResetModule, ProfileModule, AdminAccountsModule, AdminDirectoryModule],
  api: (config) => ({ host: config.AUTH_HOST, port: config.AUTH_PORT }),
  worker: (config) => ({ host: config.AUTH_HOST, healthPort: config.AUTH_WORKER_HEALTH_PORT }),
});
