import { Field, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentUser, type CurrentUserInfo } from '@domestique/common';
import type { StravaConnectionDto, StravaSyncStatusDto, SyncResponseDto, SyncState } from '@domestique/proto';
import { StravaConnectionService } from './strava-connection.service.js';
import { StravaSyncService } from './strava-sync.service.js';

@ObjectType('StravaConnection')
export class StravaConnectionModel implements StravaConnectionDto {
  @Field()
  connected!: boolean;
  @Field(() => String, { nullable: true })
  athleteId!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601' })
  connectedAt!: string | null;
}

@ObjectType('SyncResult')
export class SyncResultModel implements SyncResponseDto {
  @Field()
  message!: string;
  @Field(() => Int, { description: 'new rides imported' })
  syncedCount!: number;
  @Field(() => String, {
    description: "'completed', or 'running' when the import continues in the background",
  })
  status!: 'completed' | 'running';
}

@ObjectType('StravaSyncStatus')
export class StravaSyncStatusModel implements StravaSyncStatusDto {
  @Field(() => String, { description: "'idle', 'running', 'completed' or 'failed'" })
  state!: SyncState;
  @Field(() => Int)
  imported!: number;
  @Field(() => Int)
  scanned!: number;
  @Field(() => Int, { nullable: true, description: 'rides Strava counts for the athlete, when known' })
  total!: number | null;
  @Field(() => String, { nullable: true })
  message!: string | null;
}

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
