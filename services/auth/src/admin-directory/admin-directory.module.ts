import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity.js';
import { AdminDirectoryController } from './admin-directory.controller.js';
import { AdminDirectoryRepository } from './admin-directory.repository.js';

/** Users as the admin service lists and counts them. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [AdminDirectoryController],
  providers: [AdminDirectoryRepository],
})
export class AdminDirectoryModule {}
