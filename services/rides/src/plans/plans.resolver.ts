import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
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
import {
  CreateTrainingPlanInput,
  MovePlanSessionResultModel,
  PlanCalendarModel,
  TrainingPlanModel,
} from './plan.model.js';
import { PlansService } from './plans.service.js';

const timeZoneArg = {
  type: () => String,
  nullable: true,
  description: "the browser's time zone, used when Strava gave none",
} as const;

const tzOf = (timeZone: string | null | undefined): string | undefined =>
  parseOrThrow(PlanTimeZoneQuery, { tz: timeZone ?? undefined }).tz;

/** The GraphQL side of /api/plans (Elite): same service, same checks. */
@Resolver()
@Tiers(['elite'], PlanMessages.requiresElite)
export class PlansResolver {
  constructor(private readonly plans: PlansService) {}

  @Query(() => TrainingPlanModel, {
    nullable: true,
    description: "The rider's training plan, or null (Elite)",
  })
  @Access('user')
  trainingPlan(
    @CurrentUser() user: CurrentUserInfo,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<TrainingPlanDto | null> {
    return this.plans.find(user.userId, user.tier, tzOf(timeZone));
  }

  @Query(() => PlanCalendarModel, { description: 'Planned sessions and rides, day by day (Elite)' })
  @Access('user')
  planCalendar(
    @CurrentUser() user: CurrentUserInfo,
    @Args('from', { type: () => String, description: 'YYYY-MM-DD' }) from: string,
    @Args('to', { type: () => String, description: 'YYYY-MM-DD' }) to: string,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<PlanCalendarDto> {
    const query = parseOrThrow(PlanCalendarQuery, { from, to, tz: timeZone ?? undefined });
    return this.plans.calendar(user.userId, user.tier, query);
  }

  @Mutation(() => TrainingPlanModel, { description: "Builds the rider's plan, replacing the current one" })
  @Access('user')
  createTrainingPlan(
    @CurrentUser() user: CurrentUserInfo,
    @Args('input', { type: () => CreateTrainingPlanInput }) input: CreateTrainingPlanInput,
  ): Promise<TrainingPlanDto> {
    // fields GraphQL left out are undefined: the strict schema sees only what was sent (as REST's body)
    const sent = Object.fromEntries(Object.entries({ ...input }).filter(([, value]) => value !== undefined));
    const request = parseOrThrow(CreatePlanRequest, sent);
    return this.plans.create(user.userId, user.tier, request);
  }

  @Mutation(() => MovePlanSessionResultModel)
  @Access('user')
  movePlanSession(
    @CurrentUser() user: CurrentUserInfo,
    @Args('id', { type: () => ID }) id: string,
    @Args('date', { type: () => String, description: 'YYYY-MM-DD' }) date: string,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<MovePlanSessionResultDto> {
    const request = parseOrThrow(MovePlanSessionRequest, { date });
    return this.plans.move(user.userId, user.tier, id, request.date, tzOf(timeZone));
  }

  @Mutation(() => Boolean, { description: "Ends the rider's plan" })
  @Access('user')
  async deleteTrainingPlan(@CurrentUser() user: CurrentUserInfo): Promise<boolean> {
    await this.plans.end(user.userId, user.tier);
    return true;
  }
}
