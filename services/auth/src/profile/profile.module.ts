import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { ProfileController } from './profile.controller.js';
import { ProfileResolver } from './profile.resolver.js';
import { ProfileService } from './profile.service.js';

@Module({
  imports: [UsersModule],
  controllers: [ProfileController],
  providers: [ProfileService, ProfileResolver],
})
export class ProfileModule {}
