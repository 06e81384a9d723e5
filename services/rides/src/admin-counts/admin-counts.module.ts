import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import { AdminCountsController } from './admin-counts.controller.js';
import { AdminCountsRepository } from './admin-counts.repository.js';

/** Ride totals per user for the admin user list. */
@Module({
  imports: [TypeOrmModule.forFeature([RideEntity])],
  controllers: [AdminCountsController],
  providers: [AdminCountsRepository],
})
export class AdminCountsModule {}
