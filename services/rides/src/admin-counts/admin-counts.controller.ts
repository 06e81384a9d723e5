import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PatternResponder } from '@domestique/common';
import { Patterns, type PatternReply } from '@domestique/proto';
import { AdminCountsRepository } from './admin-counts.repository.js';

/** Ride counts for the admin service: a message pattern, its signed identity only. */
@Controller()
export class AdminCountsController {
  constructor(
    private readonly counts: AdminCountsRepository,
    private readonly patterns: PatternResponder,
  ) {}

  @MessagePattern(Patterns.adminRideCounts.name)
  rides(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.adminRideCounts, message, async ({ userIds }) => ({
      counts: await this.counts.countsForUsers(userIds),
    }));
  }
}
