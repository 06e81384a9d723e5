import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { notFound, PatternResponder } from '@domestique/common';
import {
  AdminMessages,
  AuthErrorCode,
  isUuid,
  Patterns,
  type AdminDirectoryUser,
  type PatternReply,
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

/** The user directory for the admin service: message patterns, its signed identity only. */
@Controller()
export class AdminDirectoryController {
  constructor(
    private readonly directory: AdminDirectoryRepository,
    private readonly patterns: PatternResponder,
  ) {}

  @MessagePattern(Patterns.adminDirectoryPage.name)
  users(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminDirectoryPage, message, async (query) => {
      const { users, total } = await this.directory.page(query);
      return { users: users.map(toDirectoryUser), total };
    });
  }

  @MessagePattern(Patterns.adminDirectoryUser.name)
  user(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminDirectoryUser, message, async ({ userId }) => {
      const user = isUuid(userId) ? await this.directory.findById(userId) : null;
      if (!user) throw notFound(AdminMessages.userNotFound, AuthErrorCode.UserNotFound);
      return toDirectoryUser(user);
    });
  }

  @MessagePattern(Patterns.adminTierCounts.name)
  tierCounts(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminTierCounts, message, () => this.directory.tierCounts());
  }
}
