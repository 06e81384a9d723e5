import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Access, ZodPipe } from '@domestique/common';
import { RideCountsRequest, type RideCountsAnswer } from '@domestique/proto';
import { AdminCountsRepository } from './admin-counts.repository.js';

/** Ride counts for the admin service (system calls only; the gateway routes nothing here). */
@Controller('internal/admin-counts')
@Access('system')
export class AdminCountsController {
  constructor(private readonly counts: AdminCountsRepository) {}

  @Post('rides')
  @HttpCode(200)
  async rides(@Body(new ZodPipe(RideCountsRequest)) body: RideCountsRequest): Promise<RideCountsAnswer> {
    return { counts: await this.counts.countsForUsers(body.userIds) };
  }
}
