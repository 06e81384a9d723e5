import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, ZodPipe, type CurrentUserInfo } from '@domestique/common';
import { AnalyticsQuery, CreateGoalRequest, UpdateGoalRequest, type GoalDto } from '@domestique/proto';
import { GoalsService } from './goals.service.js';

/**
 * Spec section 7: GET and POST /api/goals, plus PATCH and DELETE /api/goals/:id. `?tz=` (the
 * browser's time zone) places the end of the target date when Strava gave no time zone.
 */
@Controller('api/goals')
export class GoalsController {
  constructor(private readonly goals: GoalsService) {}

  @Get()
  @Access('user')
  list(@CurrentUser() user: CurrentUserInfo): Promise<GoalDto[]> {
    return this.goals.list(user.userId);
  }

  @Post()
  @Access('user')
  create(
    @CurrentUser() user: CurrentUserInfo,
    @Body(new ZodPipe(CreateGoalRequest)) body: CreateGoalRequest,
    @Query() query: Record<string, unknown>,
  ): Promise<GoalDto> {
    return this.goals.create(user.userId, body, parseOrThrow(AnalyticsQuery, query).tz);
  }

  @Patch(':id')
  @Access('user')
  update(
    @CurrentUser() user: CurrentUserInfo,
    @Param('id') id: string,
    @Body(new ZodPipe(UpdateGoalRequest)) body: UpdateGoalRequest,
    @Query() query: Record<string, unknown>,
  ): Promise<GoalDto> {
    return this.goals.update(user.userId, id, body, parseOrThrow(AnalyticsQuery, query).tz);
  }

  @Delete(':id')
  @Access('user')
  @HttpCode(204)
  async remove(@CurrentUser() user: CurrentUserInfo, @Param('id') id: string): Promise<void> {
    await this.goals.delete(user.userId, id);
  }
}
