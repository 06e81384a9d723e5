import { Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { RideDto } from '@domestique/proto';
import { RideModel } from './ride.model.js';
import { RidesService } from './rides.service.js';

@Resolver(() => RideModel)
export class RidesResolver {
  constructor(private readonly service: RidesService) {}

  @Query(() => [RideModel], { description: "The signed-in rider's rides, newest first" })
  @Access('user')
  rides(@CurrentUser() user: CurrentUserInfo): Promise<RideDto[]> {
    return this.service.list(user.userId);
  }
}
