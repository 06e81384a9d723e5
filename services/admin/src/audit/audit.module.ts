import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditEntryEntity } from './admin-audit-entry.entity.js';
import { AdminAuditRepository } from './admin-audit.repository.js';
import { AdminAudit } from './admin-audit.service.js';
import { AdminAuditResolver } from './admin-audit.resolver.js';

@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditEntryEntity])],
  providers: [AdminAuditRepository, AdminAudit, AdminAuditResolver],
  exports: [AdminAuditRepository, AdminAudit],
})
export class AuditModule {}
