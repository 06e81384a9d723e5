import { Injectable } from '@nestjs/common';
import { EventPublisher, unauthenticated } from '@domestique/common';
import { AuthErrorCode, type UpdateProfileRequest } from '@domestique/proto';
import { DataSource } from 'typeorm';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

/** An empty name is "not set". */
const nameOrNull = (name: string): string | null => (name.length > 0 ? name : null);

/** The rider's own names (spec section 2, Profile Information). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly events: EventPublisher,
  ) {}

  /** Saves both names (already trimmed and limited by the contract) and publishes user.profile-updated. */
  update(userId: string, { firstName, lastName }: UpdateProfileRequest): Promise<UserEntity> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.updateNames(manager, userId, nameOrNull(firstName), nameOrNull(lastName));
      if (!user) throw unauthenticated('Not signed in', AuthErrorCode.UserNotFound);
      await this.events.publish(manager, 'user.profile-updated', { userId, firstName, lastName });
      return user;
    });
  }
}
