import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { RiderFtpRequest, RiderSettingsRequest, type RiderSettingsDto } from '@domestique/proto';
import { RiderThresholdsService } from './rider-thresholds.service.js';
import { RiderSettingsModel, RiderSettingsInput } from './rider-settings.model.js';

/** The rider's physiology: what they set, and the estimates used where they set nothing. */
@Resolver(() => RiderSettingsModel)
export class RiderSettingsResolver {
  constructor(private readonly thresholds: RiderThresholdsService) {}

  @Query(() => RiderSettingsModel)
  @Access('user')
  riderSettings(@CurrentUser() user: CurrentUserInfo): Promise<RiderSettingsDto> {
    return this.thresholds.settings(user.userId);
  }

  @Mutation(() => RiderSettingsModel, {
    description: 'Sets FTP, threshold and max heart rate, weight; every ride is measured again',
  })
  @Access('user')
  updateRiderSettings(
    @CurrentUser() user: CurrentUserInfo,
    @Args('input', { type: () => RiderSettingsInput }) input: RiderSettingsInput,
  ): Promise<RiderSettingsDto> {
    return this.thresholds.update(user.userId, parseOrThrow(RiderSettingsRequest, { ...input }));
  }

  @Mutation(() => RiderSettingsModel, { description: 'Sets the FTP (watts); null goes back to the estimate' })
  @Access('user')
  setFtp(
    @CurrentUser() user: CurrentUserInfo,
    @Args('ftp', { type: () => Int, nullable: true }) ftp: number | null,
  ): Promise<RiderSettingsDto> {
    const input = parseOrThrow(RiderFtpRequest, { ftp: ftp ?? null });
    return this.thresholds.update(user.userId, { ftp: input.ftp });
  }
}
