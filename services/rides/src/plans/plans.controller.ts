import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { Access, CurrentUser, parseOrThrow, Tiers, type CurrentUserInfo } from '@domestique/common';
import {
  CreatePlanRequest,
  MovePlanSessionRequest,
  PlanCalendarQuery,
  PlanMessages,
  PlanTimeZoneQuery,
  type MovePlanSessionResultDto,
  type PlanCalendarDto,
  type TrainingPlanDto,
} from '@domestique/proto';
import type { Request } from 'express';
import { PlansService } from './plans.service.js';

/**
 * Issue 23: the rider's training plan, its calendar and the event's course (Elite). `GET /api/plans`
 * is billing's; the session export lives with the other exports (workout-export/).
 */
@Controller('api/plans')
@Tiers(['elite'], PlanMessages.requiresElite)
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Post()
  @Access('user')
  @Header('Cache-Control', 'private, no-store')
  create(@CurrentUser() user: CurrentUserInfo, @Body() body: unknown): Promise<TrainingPlanDto> {
    return this.plans.create(user.userId, user.tier, parseOrThrow(CreatePlanRequest, body));
  }

  @Get('current')
  @Access('user')
  @Header('Cache-Control', 'private, no-store')
  current(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<TrainingPlanDto> {
    const { tz } = parseOrThrow(PlanTimeZoneQuery, query);
    return this.plans.current(user.userId, user.tier, tz);
  }

  @Delete('current')
  @Access('user')
  @HttpCode(204)
  end(@CurrentUser() user: CurrentUserInfo): Promise<void> {
    return this.plans.end(user.userId, user.tier);
  }

  @Patch('current/sessions/:id')
  @Access('user')
  @Header('Cache-Control', 'private, no-store')
  move(
    @CurrentUser() user: CurrentUserInfo,
    @Param('id') id: string,
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
  ): Promise<MovePlanSessionResultDto> {
    const { date } = parseOrThrow(MovePlanSessionRequest, body);
    const { tz } = parseOrThrow(PlanTimeZoneQuery, query);
    return this.plans.move(user.userId, user.tier, id, date, tz);
  }

  @Get('calendar')
  @Access('user')
  @Header('Cache-Control', 'private, no-store')
  calendar(
    @CurrentUser() user: CurrentUserInfo,
    @Query() query: Record<string, unknown>,
  ): Promise<PlanCalendarDto> {
    return this.plans.calendar(user.userId, user.tier, parseOrThrow(PlanCalendarQuery, query));
  }

  /** Multipart, field `file`: a GPX course (gzip allowed). */
  @Post('current/course')
  @Access('user')
  @HttpCode(200)
  @Header('Cache-Control', 'private, no-store')
  setCourse(
    @CurrentUser() user: CurrentUserInfo,
    @Req() req: Request,
    @Query() query: Record<string, unknown>,
  ): Promise<TrainingPlanDto> {
    const { tz } = parseOrThrow(PlanTimeZoneQuery, query);
    return this.plans.setCourse(user.userId, user.tier, req, tz);
  }

  @Delete('current/course')
  @Access('user')
  @HttpCode(204)
  deleteCourse(@CurrentUser() user: CurrentUserInfo): Promise<void> {
    return this.plans.deleteCourse(user.userId, user.tier);
  }
}
