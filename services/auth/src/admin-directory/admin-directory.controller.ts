import { Controller, Get, Param, Query } from '@nestjs/common';
import { Access, notFound, ZodPipe } from '@domestique/common';
import {
  AdminDirectoryQuery,
  AdminMessages,
  AuthErrorCode,
  isUuid,
  type AdminDirectoryPage,
  type AdminDirectoryUser,
  type TierCounts,
} from '@domestique/proto';
import type { UserEntity } from '../users/user.entity.js';
import { AdminDirectoryRepository } from './admin-directory.repository.js';

const toDirectoryUser = (user: UserEntity): AdminDirectoryUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  subscriptionTier: user.subscriptionTier,
  createdAt: user.createdAt.toISOString(),
});

/** The user directory for the admin service (system calls only; the gateway routes nothing here). */
@Controller('internal/admin-directory')
@Access('system')
export class AdminDirectoryController {
  constructor(private readonly directory: AdminDirectoryRepository) {}

  @Get('users')
  async users(
    @Query(new ZodPipe(AdminDirectoryQuery)) query: AdminDirectoryQuery,
  ): Promise<AdminDirectoryPage> {
    const { users, total } = await this.directory.page(query);
    return { users: users.map(toDirectoryUser), total };
  }

  @Get('users/:userId')
  async user(@Param('userId') userId: string): Promise<AdminDirectoryUser> {
    const user = isUuid(userId) ? await this.directory.findById(userId) : null;
    if (!user) throw notFound(AdminMessages.userNotFound, AuthErrorCode.UserNotFound);
    return toDirectoryUser(user);
  }

  @Get('tier-counts')
  tierCounts(): Promise<TierCounts> {
    return this.directory.tierCounts();
  }
}
