import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { UpstreamsModule } from '../upstreams/upstreams.module.js';
import { SessionRevocation } from './session-revocation.js';
import { UserDeletionEntity } from './user-deletion.entity.js';
import { UserDeletionsHandler } from './user-deletions.handler.js';
import { UserDeletionsRepository } from './user-deletions.repository.js';
import { UserDeletionsService } from './user-deletions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserDeletionEntity]), AuditModule, UpstreamsModule],
  providers: [UserDeletionsRepository, UserDeletionsHandler, UserDeletionsService, SessionRevocation],
  exports: [UserDeletionsRepository, UserDeletionsService, SessionRevocation],
})
export class DeletionsModule {}
