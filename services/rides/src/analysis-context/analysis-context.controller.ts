import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PatternResponder } from '@domestique/common';
import { Patterns, type PatternReply } from '@domestique/proto';
import { AnalysisContextService } from './analysis-context.service.js';

/** The analysis service reads what it analyses from here: message patterns, its signed identity only. */
@Controller()
export class AnalysisContextController {
  constructor(
    private readonly context: AnalysisContextService,
    private readonly patterns: PatternResponder,
  ) {}

  @MessagePattern(Patterns.analysisContextRide.name)
  ride(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.analysisContextRide, message, ({ userId, rideId }) =>
      this.context.forRide(userId, rideId),
    );
  }

  @MessagePattern(Patterns.analysisContextRider.name)
  rider(@Payload() message: unknown): Promise<PatternReply> {
    return this.patterns.answer(Patterns.analysisContextRider, message, ({ userId }) =>
      this.context.forRider(userId),
    );
  }
}
