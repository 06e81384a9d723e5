import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WaitlistEntryEntity } from './waitlist-entry.entity.js';
import { WaitlistController } from './waitlist.controller.js';
import { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistResolver } from './waitlist.resolver.js';

@Module({
  imports: [TypeOrmModule.forFeature([WaitlistEntryEntity])],
  controllers: [WaitlistController],
  providers: [WaitlistRepository, WaitlistResolver],
  exports: [WaitlistRepository],
})
export class WaitlistModule {}
