import { Args, Field, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, parseOrThrow, type CurrentUserInfo } from '@domestique/common';
import { RiderFtpRequest, type RiderSettingsDto } from '@domestique/proto';
import { RiderThresholdsService } from './rider-thresholds.service.js';

@ObjectType('RiderSettings')
export class RiderSettingsModel implements RiderSettingsDto {
  @Field(() => Int, { nullable: true, description: 'the FTP the rider set (watts)' })
  ftp!: number | null;
  @Field(() => Int, { nullable: true, description: '95% of the best 20-minute power of the last 90 days' })
  estimatedFtp!: number | null;
  @Field(() => String, { nullable: true, description: 'IANA time zone from Strava' })
  timeZone!: string | null;
}

/** The rider's FTP: metrics of rides imported from now on are measured against it. */
@Resolver(() => RiderSettingsModel)
export class RiderSettingsResolver {
  constructor(private readonly thresholds: RiderThresholdsService) {}

  @Query(() => RiderSettingsModel)
  @Access('user')
  riderSettings(@CurrentUser() user: CurrentUserInfo): Promise<RiderSettingsDto> {
    return this.thresholds.settings(user.userId);
  }

  @Mutation(() => RiderSettingsModel, { description: 'Sets the FTP (watts); null goes back to the estimate' })
  @Access('user')
  setFtp(
    @CurrentUser() user: CurrentUserInfo,
    @Args('ftp', { type: () => Int, nullable: true }) ftp: number | null,
  ): Promise<RiderSettingsDto> {
    const input = parseOrThrow(RiderFtpRequest, { ftp: ftp ?? null });
    return this.thresholds.setFtp(user.userId, input.ftp);
  }
}
