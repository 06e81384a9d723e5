import { Body, Controller, Patch } from '@nestjs/common';
import { Access, CurrentUser, ZodPipe, type CurrentUserInfo } from '@domestique/common';
import { UpdateProfileRequest, type UserDto } from '@domestique/proto';
import { toUserDto } from '../users/user.mapper.js';
import { ProfileService } from './profile.service.js';

/** Spec section 7: PATCH /api/profile {firstName, lastName}; answers the updated user. */
@Controller('api/profile')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Patch()
  @Access('user')
  async update(
    @CurrentUser() current: CurrentUserInfo,
    @Body(new ZodPipe(UpdateProfileRequest)) body: UpdateProfileRequest,
  ): Promise<UserDto> {
    return toUserDto(await this.profile.update(current.userId, body));
  }
}
