import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserDeletionEntity } from './user-deletion.entity.js';
import { UserDeletionsHandler } from './user-deletions.handler.js';
import { UserDeletionsRepository } from './user-deletions.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserDeletionEntity])],
  providers: [UserDeletionsRepository, UserDeletionsHandler],
  exports: [UserDeletionsRepository],
})
export class DeletionsModule {}
