import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { StravaConnectionDto, StravaSyncStatusDto, SyncResponseDto, SyncState } from '@domestique/proto';

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
  @Field(() => Int, {
    nullable: true,
    description: 'rides the import will have imported, when known (exactly `imported` once completed)',
  })
  total!: number | null;
  @Field(() => String, { nullable: true })
  message!: string | null;
  @Field(() => Int, { description: "the rider's Strava rides with their detailed data (streams) fetched" })
  streamsFetched!: number;
  @Field(() => Int, { description: "the rider's Strava rides" })
  streamsTotal!: number;
}
