import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { AdminAuditEntryEntity } from './admin-audit-entry.entity.js';

export type NewAuditEntry = Pick<
  AdminAuditEntryEntity,
  'adminId' | 'adminUsername' | 'action' | 'targetType' | 'targetId' | 'details'
>;

/** The only code that queries admin_audit_log. */
@Injectable()
export class AdminAuditRepository {
  constructor(
    @InjectRepository(AdminAuditEntryEntity) private readonly entries: Repository<AdminAuditEntryEntity>,
  ) {}

  latest(limit: number): Promise<AdminAuditEntryEntity[]> {
    return this.entries.find({ order: { createdAt: 'DESC' }, take: limit });
  }

  async record(manager: EntityManager, entry: NewAuditEntry): Promise<void> {
    await manager.save(AdminAuditEntryEntity, manager.create(AdminAuditEntryEntity, entry));
  }
}
