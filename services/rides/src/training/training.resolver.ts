import { Args, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import {
  TrainingRangeQuery,
  TrainingTimeZoneQuery,
  type TrainingLoadDto,
  type TrainingRecommendationsDto,
} from '@domestique/proto';
import { TrainingLoadModel, TrainingRecommendationsModel } from './training.model.js';
import { TrainingService } from './training.service.js';

const dayArg = (description: string) => ({ type: () => String, nullable: true, description }) as const;
const timeZoneArg = dayArg("the browser's time zone, used when Strava gave none");

/** The GraphQL side of GET /api/training/load + /weekly and /api/training/recommendations. */
@Resolver()
export class TrainingResolver {
  constructor(private readonly training: TrainingService) {}

  @Query(() => TrainingLoadModel, { description: 'Fitness, fatigue, form and weekly load (Pro, Elite)' })
  @Access('user')
  trainingLoad(
    @CurrentUser() user: CurrentUserInfo,
    @Args('from', dayArg('YYYY-MM-DD; default: the first ride')) from?: string,
    @Args('to', dayArg('YYYY-MM-DD; default: today')) to?: string,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<TrainingLoadDto> {
    const query = parseOrThrow(TrainingRangeQuery, {
      from: from ?? undefined,
      to: to ?? undefined,
      tz: timeZone ?? undefined,
    });
    return this.training.trainingLoad(user.userId, user.tier, query);
  }

  @Query(() => TrainingRecommendationsModel, { description: 'The next 7 days of sessions (Pro, Elite)' })
  @Access('user')
  trainingRecommendations(
    @CurrentUser() user: CurrentUserInfo,
    @Args('timeZone', timeZoneArg) timeZone?: string,
  ): Promise<TrainingRecommendationsDto> {
    const { tz } = parseOrThrow(TrainingTimeZoneQuery, { tz: timeZone ?? undefined });
    return this.training.recommendations(user.userId, user.tier, tz);
  }
}
