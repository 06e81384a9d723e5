import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { AuthController } from './auth.controller.js';
import { AuthResolver } from './auth.resolver.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionGrants } from './session-grants.js';
import { UserEntity } from './user.entity.js';
import { UserProjectionsHandler } from './user-projections.handler.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), ThrottlingModule],
  controllers: [AuthController],
  providers: [
    UsersRepository,
    UsersService,
    PasswordHasher,
    SessionGrants,
    AuthResolver,
    UserProjectionsHandler,
  ],
  exports: [UsersService, UsersRepository, PasswordHasher, SessionGrants],
})
export class UsersModule {}
