import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AdminAuditRepository } from './admin-audit.repository.js';
import type { CurrentAdminInfo } from './current-admin.js';

/** What an admin did; frozen strings (the audit log is read back by them). */
export type AdminAction = 'user.tier-changed' | 'user.deleted' | 'promo.created' | 'promo.deleted';

export interface AuditTarget {
  type: 'user' | 'promo-code';
  id: string;
  details?: Record<string, unknown>;
}

/** Records every admin action: who, what, when (the row's time), on what. */
@Injectable()
export class AdminAudit {
  constructor(
    private readonly entries: AdminAuditRepository,
    private readonly dataSource: DataSource,
  ) {}

  /** In the caller's transaction when it has one, so the action and its record stand or fall together. */
  record(
    admin: CurrentAdminInfo,
    action: AdminAction,
    target: AuditTarget,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    return this.entries.record(manager, {
      adminId: admin.adminId,
      adminUsername: admin.username,
      action,
      targetType: target.type,
      targetId: target.id,
      details: target.details ?? {},
    });
  }
}
