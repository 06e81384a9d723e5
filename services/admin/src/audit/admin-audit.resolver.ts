import { Args, Field, ID, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access } from '@domestique/common';
import { AdminAuditRepository } from './admin-audit.repository.js';

@ObjectType('AdminAuditEntry')
export class AdminAuditEntryModel {
  @Field(() => ID)
  id!: string;
  @Field()
  adminUsername!: string;
  @Field()
  action!: string;
  @Field()
  targetType!: string;
  @Field()
  targetId!: string;
  @Field({ description: 'ISO 8601, UTC' })
  createdAt!: string;
}

@Resolver(() => AdminAuditEntryModel)
export class AdminAuditResolver {
  constructor(private readonly audit: AdminAuditRepository) {}

  @Query(() => [AdminAuditEntryModel], { description: 'The latest admin actions, newest first' })
  @Access('admin')
  async adminAuditLog(
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
  ): Promise<AdminAuditEntryModel[]> {
    const entries = await this.audit.latest(Math.min(Math.max(limit, 1), 500));
    return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
  }
}
