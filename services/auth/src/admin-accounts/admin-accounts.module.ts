import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminAccountEntity } from './admin-account.entity.js';
import { AdminAccountsRepository } from './admin-accounts.repository.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminAuthResolver } from './admin-auth.resolver.js';

@Module({
  imports: [TypeOrmModule.forFeature([AdminAccountEntity]), UsersModule, ThrottlingModule],
  controllers: [AdminAuthController],
  providers: [AdminAccountsRepository, AdminAccountsService, AdminAuthResolver],
})
export class AdminAccountsModule {}
