import { Injectable } from '@nestjs/common';
import { conflict, EventPublisher, unauthenticated } from '@domestique/common';
import {
  AuthErrorCode,
  EMAIL_TAKEN_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginRequest,
  type RegisterRequest,
} from '@domestique/proto';
import { DataSource } from 'typeorm';
import { PasswordHasher } from './password-hasher.js';
import type { UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: EventPublisher,
  ) {}

  /** Creates the account and publishes user.registered in the same transaction. */
  async register(input: RegisterRequest): Promise<UserEntity> {
    const passwordHash = await this.hasher.hash(input.password);
    return this.dataSource.transaction(async (manager) => {
      const user = await this.users.insert(manager, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      if (!user) throw conflict(EMAIL_TAKEN_MESSAGE, AuthErrorCode.EmailTaken);
      await this.events.publish(manager, 'user.registered', {
        userId: user.id,
        email: user.email,
        firstName: input.firstName,
        lastName: input.lastName,
        registeredAt: user.createdAt.toISOString(),
      });
      return user;
    });
  }

  /** The same answer, in the same time, for an unknown email and a wrong password. */
  async login(input: LoginRequest): Promise<UserEntity> {
    const user = await this.users.findByEmail(input.email);
    const valid = user
      ? await this.hasher.verify(user.passwordHash, input.password)
      : await this.hasher.verifyAgainstNothing(input.password);
    if (!user || !valid) throw unauthenticated(INVALID_CREDENTIALS_MESSAGE, AuthErrorCode.InvalidCredentials);
    return user;
  }

  /** The signed-in user; a session whose user no longer exists is not signed in. */
  async current(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw unauthenticated('Not signed in', AuthErrorCode.UserNotFound);
    return user;
  }

  findById(userId: string): Promise<UserEntity | null> {
    return this.users.findById(userId);
  }
}
