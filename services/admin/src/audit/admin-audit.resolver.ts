import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Access, badRequest } from '@domestique/common';
import { AdminAuditRepository } from './admin-audit.repository.js';
import { AdminAuditEntryModel } from './admin-audit-entry.model.js';

/** The most entries one call answers. */
const AUDIT_LOG_MAX = 500;

@Resolver(() => AdminAuditEntryModel)
export class AdminAuditResolver {
  constructor(private readonly audit: AdminAuditRepository) {}

  @Query(() => [AdminAuditEntryModel], { description: 'The latest admin actions, newest first' })
  @Access('admin')
  async adminAuditLog(
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
  ): Promise<AdminAuditEntryModel[]> {
    // out of range is refused like every other list's limit (it used to be clamped silently)
    if (limit < 1 || limit > AUDIT_LOG_MAX)
      throw badRequest(`limit must be a whole number from 1 to ${AUDIT_LOG_MAX}`);
    const entries = await this.audit.latest(limit);
    return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
  }
}
