import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideEntity } from '../rides/ride.entity.js';
import { RidesModule } from '../rides/rides.module.js';
import { GoalEntity } from './goal.entity.js';
import { GoalsController } from './goals.controller.js';
import { GoalsRepository } from './goals.repository.js';
import { GoalsResolver } from './goals.resolver.js';
import { GoalsService } from './goals.service.js';

/** Goals that track themselves from the rider's rides. */
@Module({
  imports: [TypeOrmModule.forFeature([GoalEntity, RideEntity]), RidesModule],
  controllers: [GoalsController],
  providers: [GoalsRepository, GoalsService, GoalsResolver],
  exports: [GoalsService],
})
export class GoalsModule {}
