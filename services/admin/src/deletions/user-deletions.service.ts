import { Injectable } from '@nestjs/common';
import { EventPublisher, notFound } from '@domestique/common';
import { AdminErrorCode, AdminMessages, isUuid, type UserDeletionDto } from '@domestique/proto';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../audit/admin-audit.service.js';
import type { CurrentAdminInfo } from '../audit/current-admin.js';
import { AuthDirectoryClient } from '../upstreams/auth-directory.client.js';
import type { UserDeletionEntity } from './user-deletion.entity.js';
import { PURGING_SERVICES } from './user-deletions.handler.js';
import { UserDeletionsRepository } from './user-deletions.repository.js';

const toDto = (deletion: UserDeletionEntity): UserDeletionDto => {
  const purgedBy = PURGING_SERVICES.filter((service) => deletion.purgedBy.includes(service));
  return {
    message: AdminMessages.userDeleted,
    userId: deletion.userId,
    status: deletion.completedAt ? 'complete' : 'pending',
    purgedBy,
    pendingServices: PURGING_SERVICES.filter((service) => !purgedBy.includes(service)),
    requestedAt: deletion.requestedAt.toISOString(),
    completedAt: deletion.completedAt?.toISOString() ?? null,
  };
};

/**
 * Permanent deletion of a user: one `user.deleted` event (through the outbox, in the same
 * transaction as the deletion record and the audit entry); every service purges on its own queue,
 * also when it was down at the time, and acknowledges with `user.purged`.
 */
@Injectable()
export class UserDeletionsService {
  constructor(
    private readonly deletions: UserDeletionsRepository,
    private readonly directory: AuthDirectoryClient,
    private readonly events: EventPublisher,
    private readonly audit: AdminAudit,
    private readonly dataSource: DataSource,
  ) {}

  /** Idempotent: asking again answers the progress of the first request. */
  async request(admin: CurrentAdminInfo, userId: string): Promise<UserDeletionDto> {
    const earlier = isUuid(userId) ? await this.deletions.find(userId) : null;
    if (earlier) return toDto(earlier);
    await this.findUser(userId);
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.deletions.open(manager, userId))) return;
      await this.events.publish(manager, 'user.deleted', { userId, requestedBy: admin.username });
      // only the id: the audit log keeps nothing personal of a deleted user
      await this.audit.record(admin, 'user.deleted', { type: 'user', id: userId }, manager);
    });
    return this.status(userId);
  }

  async status(userId: string): Promise<UserDeletionDto> {
    const deletion = isUuid(userId) ? await this.deletions.find(userId) : null;
    if (!deletion) throw notFound(AdminMessages.userNotFound, AdminErrorCode.UserNotFound);
    return toDto(deletion);
  }

  /** 404 unless auth knows the user */
  private async findUser(userId: string): Promise<void> {
    if (!isUuid(userId)) throw notFound(AdminMessages.userNotFound, AdminErrorCode.UserNotFound);
    await this.directory.user(userId);
  }
}
