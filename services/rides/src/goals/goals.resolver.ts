import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { AnalyticsQuery, CreateGoalRequest, UpdateGoalRequest, type GoalDto } from '@domestique/proto';
import { GoalInput, GoalModel } from './goal.model.js';
import { GoalsService } from './goals.service.js';

const timeZoneArg = {
  type: () => String,
  nullable: true,
  description: "the browser's, used when Strava gave none",
} as const;

/** Drops the fields GraphQL left out (undefined) so the strict schemas see only what was sent. */
const sent = (input: GoalInput): Record<string, unknown> =>
  Object.fromEntries(Object.entries({ ...input }).filter(([, value]) => value !== undefined));

/** The GraphQL side of /api/goals. */
@Resolver(() => GoalModel)
export class GoalsResolver {
  constructor(private readonly service: GoalsService) {}

  @Query(() => [GoalModel], { description: "The signed-in rider's goals, newest first" })
  @Access('user')
  goals(@CurrentUser() user: CurrentUserInfo): Promise<GoalDto[]> {
    return this.service.list(user.userId);
  }

  @Mutation(() => GoalModel)
  @Access('user')
  createGoal(
    @CurrentUser() user: CurrentUserInfo,
    @Args('input', { type: () => GoalInput }) input: GoalInput,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<GoalDto> {
    const { currentValue: _ignored, ...fields } = sent(input);
    const request = parseOrThrow(CreateGoalRequest, fields);
    const { tz } = parseOrThrow(AnalyticsQuery, { tz: timeZone ?? undefined });
    return this.service.create(user.userId, request, tz);
  }

  @Mutation(() => GoalModel)
  @Access('user')
  updateGoal(
    @CurrentUser() user: CurrentUserInfo,
    @Args('id', { type: () => ID }) id: string,
    @Args('input', { type: () => GoalInput }) input: GoalInput,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<GoalDto> {
    const request = parseOrThrow(UpdateGoalRequest, sent(input));
    const { tz } = parseOrThrow(AnalyticsQuery, { tz: timeZone ?? undefined });
    return this.service.update(user.userId, id, request, tz);
  }

  @Mutation(() => ID, { description: "Deletes one of the rider's goals; answers its id" })
  @Access('user')
  async deleteGoal(
    @CurrentUser() user: CurrentUserInfo,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<string> {
    await this.service.delete(user.userId, id);
    return id;
  }
}
