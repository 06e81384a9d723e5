import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import {
  DashboardStatsQuery,
  RidesPageQuery,
  type DashboardStatsDto,
  type RideDto,
  type RidesPageDto,
  type RideTotalsDto,
  type UserAveragesDto,
} from '@domestique/proto';
import {
  DashboardStatsModel,
  RideModel,
  RidesPageModel,
  RideTotalsModel,
  UserAveragesModel,
} from './ride.model.js';
import { RideFilterInput } from './ride-filter.model.js';
import { toRideListFilter } from './rides-filter.js';
import { RidesService } from './rides.service.js';

/** The GraphQL side of GET /api/rides, /api/dashboard/stats and /api/user/averages. */
@Resolver(() => RideModel)
export class RidesResolver {
  constructor(private readonly service: RidesService) {}

  @Query(() => [RideModel], { description: "The signed-in rider's rides, newest first" })
  @Access('user')
  rides(@CurrentUser() user: CurrentUserInfo): Promise<RideDto[]> {
    return this.service.list(user.userId);
  }

  @Query(() => RidesPageModel, {
    description: 'One page of the rides the filter keeps, in its order (newest first without one)',
  })
  @Access('user')
  ridesPage(
    @CurrentUser() user: CurrentUserInfo,
    @Args('limit', { type: () => Int, nullable: true }) limit?: number,
    @Args('cursor', { type: () => String, nullable: true }) cursor?: string,
    @Args('filter', { type: () => RideFilterInput, nullable: true }) filter?: RideFilterInput,
  ): Promise<RidesPageDto> {
    const { timeZone, ...fields } = filter ?? {};
    const given = Object.entries({ ...fields, tz: timeZone }).filter(([, value]) => value != null);
    const {
      limit: size,
      cursor: after,
      ...rest
    } = parseOrThrow(RidesPageQuery, {
      limit: limit ?? undefined,
      cursor: cursor ?? undefined,
      ...Object.fromEntries(given),
    });
    return this.service.page(user.userId, size, after, toRideListFilter(rest));
  }

  @Query(() => DashboardStatsModel, { description: "This week's totals and the latest rides" })
  @Access('user')
  dashboardStats(
    @CurrentUser() user: CurrentUserInfo,
    @Args('timeZone', {
      type: () => String,
      nullable: true,
      description: "the browser's, used when Strava gave none",
    })
    timeZone?: string,
  ): Promise<DashboardStatsDto> {
    const query = parseOrThrow(DashboardStatsQuery, { tz: timeZone ?? undefined });
    return this.service.dashboardStats(user.userId, query.tz);
  }

  @Query(() => UserAveragesModel)
  @Access('user')
  userAverages(@CurrentUser() user: CurrentUserInfo): Promise<UserAveragesDto> {
    return this.service.averages(user.userId);
  }

  @Query(() => RideTotalsModel, { description: 'Profile: total rides and rides with AI feedback' })
  @Access('user')
  rideTotals(@CurrentUser() user: CurrentUserInfo): Promise<RideTotalsDto> {
    return this.service.totals(user.userId);
  }
}
