import { defineService } from '@domestique/common';
import { AuditModule } from './audit/audit.module.js';
import { adminEnvSchema } from './config/env.schema.js';
import { adminDatabase } from './database.js';
import { DeletionsModule } from './deletions/deletions.module.js';
import { AdminPromoCodesModule } from './promo-codes/admin-promo-codes.module.js';
import { AdminStatsModule } from './stats/admin-stats.module.js';
import { AdminUsersModule } from './users/admin-users.module.js';

/** The admin service: admin views and actions over the other services' APIs, and its audit log. */
export const adminService = defineService({
  name: 'admin',
  envSchema: adminEnvSchema,
  database: adminDatabase,
  features: [AuditModule, DeletionsModule, AdminUsersModule, AdminStatsModule, AdminPromoCodesModule],
  api: (config) => ({ host: config.ADMIN_HOST, port: config.ADMIN_PORT }),
  worker: (config) => ({ host: config.ADMIN_HOST, healthPort: config.ADMIN_WORKER_HEALTH_PORT }),
});
