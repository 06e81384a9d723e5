import { Body, Controller, Get, Patch } from '@nestjs/common';
import { Access, CurrentUser, ZodPipe, type CurrentUserInfo } from '@domestique/common';
import { RiderSettingsRequest, type RiderSettingsDto } from '@domestique/proto';
import { RiderThresholdsService } from './rider-thresholds.service.js';

/** The rider's physiology settings: GET and PATCH /api/rider/settings (left out = unchanged, null = estimate). */
@Controller('api/rider/settings')
export class RiderSettingsController {
  constructor(private readonly thresholds: RiderThresholdsService) {}

  @Get()
  @Access('user')
  get(@CurrentUser() user: CurrentUserInfo): Promise<RiderSettingsDto> {
    return this.thresholds.settings(user.userId);
  }

  @Patch()
  @Access('user')
  update(
    @CurrentUser() user: CurrentUserInfo,
    @Body(new ZodPipe(RiderSettingsRequest)) body: RiderSettingsRequest,
  ): Promise<RiderSettingsDto> {
    return this.thresholds.update(user.userId, body);
  }
}
