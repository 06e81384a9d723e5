import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { DeletionsModule } from '../deletions/deletions.module.js';
import { UpstreamsModule } from '../upstreams/upstreams.module.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersResolver } from './admin-users.resolver.js';
import { AdminUsersService } from './admin-users.service.js';

/** The user list with counts, tier changes (REST and GraphQL) and deletions. */
@Module({
  imports: [AuditModule, DeletionsModule, UpstreamsModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService, AdminUsersResolver],
})
export class AdminUsersModule {}
