import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { AiFeedbackDto } from '@domestique/proto';
import { RideFeedbackService } from './ride-feedback.service.js';
import { RideIdPipe } from './ride-id.pipe.js';

/** Spec section 7: POST /api/rides/{id}/ai-feedback and /api/rides/{id}/analyze (the same analysis). */
@Controller('api/rides/:rideId')
export class RideFeedbackController {
  constructor(private readonly feedback: RideFeedbackService) {}

  @Post('ai-feedback')
  @HttpCode(200)
  @Access('user')
  aiFeedback(
    @CurrentUser() user: CurrentUserInfo,
    @Param('rideId', RideIdPipe) rideId: string,
  ): Promise<AiFeedbackDto> {
    return this.feedback.analyse(user.userId, user.tier, rideId);
  }

  @Post('analyze')
  @HttpCode(200)
  @Access('user')
  analyze(
    @CurrentUser() user: CurrentUserInfo,
    @Param('rideId', RideIdPipe) rideId: string,
  ): Promise<AiFeedbackDto> {
    return this.feedback.analyse(user.userId, user.tier, rideId);
  }
}
