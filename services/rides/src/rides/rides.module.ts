import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RideEntity } from './ride.entity.js';
import { RidesEventsHandler } from './rides-events.handler.js';
import { RidesController } from './rides.controller.js';
import { RidesRepository } from './rides.repository.js';
import { RidesResolver } from './rides.resolver.js';
import { RidesService } from './rides.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([RideEntity])],
  controllers: [RidesController],
  providers: [RidesRepository, RidesService, RidesResolver, RidesEventsHandler],
  exports: [RidesService],
})
export class RidesModule {}
