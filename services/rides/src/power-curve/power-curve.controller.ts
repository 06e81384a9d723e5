import { Controller, Get, Query } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { TrainingRangeQuery, type PowerCurveDto } from '@domestique/proto';
import { PowerCurveService } from './power-curve.service.js';

/** Issue 22: GET /api/power/curve?from=&to=&tz= (Pro and Elite). Two periods: two calls. */
@Controller('api/power')
export class PowerCurveController {
  constructor(private readonly curves: PowerCurveService) {}

  @Get('curve')
  @Access('user')
  curve(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<PowerCurveDto> {
    return this.curves.curve(user.userId, user.tier, parseOrThrow(TrainingRangeQuery, query));
  }
}
