import { Field, Float, InputType, Int } from '@nestjs/graphql';

/**
 * GraphQL `ridesPage(filter:)`: the same filter and sort as `GET /api/rides`'s query parameters
 * (miles, minutes, YYYY-MM-DD days), validated by the same contract.
 */
@InputType('RideFilterInput', { description: 'Which rides the list keeps and in which order' })
export class RideFilterInput {
  @Field(() => String, { nullable: true, description: 'first day, YYYY-MM-DD (included)' })
  from?: string | null;
  @Field(() => String, { nullable: true, description: 'last day, YYYY-MM-DD (included)' })
  to?: string | null;
  @Field(() => String, { nullable: true, description: 'a cycling sport type, e.g. GravelRide' })
  type?: string | null;
  @Field(() => Float, { nullable: true, description: 'miles' })
  minDistance?: number | null;
  @Field(() => Float, { nullable: true, description: 'miles' })
  maxDistance?: number | null;
  @Field(() => Int, { nullable: true, description: 'minutes of moving time' })
  minDuration?: number | null;
  @Field(() => Int, { nullable: true, description: 'minutes of moving time' })
  maxDuration?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'true: analysed rides only; false: not analysed' })
  hasAiFeedback?: boolean | null;
  @Field(() => String, { nullable: true, description: 'date (default), distance, duration or speed' })
  sortBy?: string | null;
  @Field(() => String, { nullable: true, description: 'asc or desc (default)' })
  sortOrder?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "IANA time zone of the days (the browser's); UTC without it",
  })
  timeZone?: string | null;
}
