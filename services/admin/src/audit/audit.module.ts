import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditEntryEntity } from './admin-audit-entry.entity.js';
import { AdminAuditRepository } from './admin-audit.repository.js';
import { AdminAuditResolver } from './admin-audit.resolver.js';

@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditEntryEntity])],
  providers: [AdminAuditRepository, AdminAuditResolver],
  exports: [AdminAuditRepository],
})
export class AuditModule {}
