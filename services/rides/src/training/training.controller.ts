import { Controller, Get, Query } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import {
  TrainingRangeQuery,
  TrainingTimeZoneQuery,
  type TrainingLoadDayDto,
  type TrainingRecommendationsDto,
  type TrainingWeekDto,
} from '@domestique/proto';
import { TrainingService } from './training.service.js';

/** Issue 22: GET /api/training/load, /weekly and /recommendations (Pro and Elite). */
@Controller('api/training')
export class TrainingController {
  constructor(private readonly training: TrainingService) {}

  @Get('load')
  @Access('user')
  load(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<TrainingLoadDayDto[]> {
    return this.training.loadSeries(user.userId, user.tier, parseOrThrow(TrainingRangeQuery, query));
  }

  @Get('weekly')
  @Access('user')
  weekly(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<TrainingWeekDto[]> {
    return this.training.weekly(user.userId, user.tier, parseOrThrow(TrainingRangeQuery, query));
  }

  @Get('recommendations')
  @Access('user')
  recommendations(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<TrainingRecommendationsDto> {
    const { tz } = parseOrThrow(TrainingTimeZoneQuery, query);
    return this.training.recommendations(user.userId, user.tier, tz);
  }
}
