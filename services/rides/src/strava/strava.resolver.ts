import { Mutation, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { StravaConnectionDto, StravaSyncStatusDto, SyncResponseDto } from '@domestique/proto';
import { StravaConnectionService } from './strava-connection.service.js';
import { StravaSyncService } from './strava-sync.service.js';
import { StravaConnectionModel, SyncResultModel, StravaSyncStatusModel } from './strava.model.js';

/** The GraphQL side of the Strava connection and sync. */
@Resolver()
export class StravaResolver {
  constructor(
    private readonly connection: StravaConnectionService,
    private readonly sync: StravaSyncService,
  ) {}

  @Query(() => StravaConnectionModel)
  @Access('user')
  stravaConnection(@CurrentUser() user: CurrentUserInfo): Promise<StravaConnectionDto> {
    return this.connection.connection(user.userId);
  }

  @Query(() => String, { description: "Strava's authorization page for the rider (a fresh state each time)" })
  @Access('user')
  stravaAuthorizationUrl(@CurrentUser() user: CurrentUserInfo): Promise<string> {
    return this.connection.authorizationUrl(user.userId);
  }

  @Query(() => StravaSyncStatusModel)
  @Access('user')
  stravaSyncStatus(@CurrentUser() user: CurrentUserInfo): Promise<StravaSyncStatusDto> {
    return this.sync.status(user.userId);
  }

  @Mutation(() => SyncResultModel, { description: 'POST /api/strava/sync' })
  @Access('user')
  syncStrava(@CurrentUser() user: CurrentUserInfo): Promise<SyncResponseDto> {
    return this.sync.syncNow(user.userId);
  }

  @Mutation(() => Boolean, { description: 'POST /api/strava/disconnect; rides are kept' })
  @Access('user')
  async disconnectStrava(@CurrentUser() user: CurrentUserInfo): Promise<boolean> {
    await this.connection.disconnect(user.userId);
    return true;
  }
}
