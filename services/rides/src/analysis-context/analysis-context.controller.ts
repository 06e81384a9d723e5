import { Controller, Get, Param } from '@nestjs/common';
import { Access, ZodPipe } from '@domestique/common';
import type { RideAnalysisContext, RiderCoachContext } from '@domestique/proto';
import { z } from 'zod';
import { AnalysisContextService } from './analysis-context.service.js';

const Id = z.uuid({ error: 'Not found' });

/** Internal: the analysis service reads what it analyses from here (system identity only). */
@Controller('internal/analysis-context/users/:userId')
@Access('system')
export class AnalysisContextController {
  constructor(private readonly context: AnalysisContextService) {}

  @Get('rides/:rideId')
  ride(
    @Param('userId', new ZodPipe(Id)) userId: string,
    @Param('rideId', new ZodPipe(Id)) rideId: string,
  ): Promise<RideAnalysisContext> {
    return this.context.forRide(userId, rideId);
  }

  @Get()
  rider(@Param('userId', new ZodPipe(Id)) userId: string): Promise<RiderCoachContext> {
    return this.context.forRider(userId);
  }
}
