import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { RideDto } from '@domestique/proto';
import { RideModel } from '../rides/ride.model.js';
import { toRideDto } from '../rides/ride.mapper.js';
import { RideDetailService } from './ride-detail.service.js';

/**
 * GraphQL `ride(id)`: one of the rider's rides, so the ride page can ask for fields other services
 * resolve on it through federation (its `aiFeedback`). Not found (or another rider's): an error
 * with the code RIDE_NOT_FOUND, as GET /api/rides/{id} answers 404.
 */
@Resolver(() => RideModel)
export class RideDetailResolver {
  constructor(private readonly rides: RideDetailService) {}

  @Query(() => RideModel, { description: "One of the signed-in rider's rides" })
  @Access('user')
  async ride(
    @CurrentUser() user: CurrentUserInfo,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<RideDto> {
    return toRideDto(await this.rides.ownedRide(user.userId, id));
  }
}
