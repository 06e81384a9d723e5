import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { UpdateProfileRequest, type UserDto } from '@domestique/proto';
import { toUserDto } from '../users/user.mapper.js';
import { UserModel } from '../users/user.model.js';
import { ProfileService } from './profile.service.js';
import { UpdateProfileInput } from './profile.model.js';

/** The GraphQL side of ProfileController. */
@Resolver(() => UserModel)
export class ProfileResolver {
  constructor(private readonly profile: ProfileService) {}

  @Mutation(() => UserModel, { description: "Sets the signed-in rider's first and last name" })
  @Access('user')
  async updateProfile(
    @CurrentUser() current: CurrentUserInfo,
    @Args('input') input: UpdateProfileInput,
  ): Promise<UserDto> {
    return toUserDto(
      await this.profile.update(current.userId, parseOrThrow(UpdateProfileRequest, { ...input })),
    );
  }
}
