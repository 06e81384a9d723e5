import { Args, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { TrainingRangeQuery, type PowerCurveDto } from '@domestique/proto';
import { PowerCurveModel } from './power-curve.model.js';
import { PowerCurveService } from './power-curve.service.js';

/** The GraphQL side of GET /api/power/curve. */
@Resolver()
export class PowerCurveResolver {
  constructor(private readonly curves: PowerCurveService) {}

  @Query(() => PowerCurveModel, { description: 'Best power for 1 s to 5 h with a CP model (Pro, Elite)' })
  @Access('user')
  powerCurve(
    @CurrentUser() user: CurrentUserInfo,
    @Args('from', {
      type: () => String,
      nullable: true,
      description: 'YYYY-MM-DD; default: 364 days before `to`',
    })
    from?: string,
    @Args('to', { type: () => String, nullable: true, description: 'YYYY-MM-DD; default: today' })
    to?: string,
    @Args('timeZone', {
      type: () => String,
      nullable: true,
      description: "the browser's time zone, used when Strava gave none",
    })
    timeZone?: string,
  ): Promise<PowerCurveDto> {
    const query = parseOrThrow(TrainingRangeQuery, {
      from: from ?? undefined,
      to: to ?? undefined,
      tz: timeZone ?? undefined,
    });
    return this.curves.curve(user.userId, user.tier, query);
  }
}
