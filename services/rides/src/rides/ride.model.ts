import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import type { RideDto } from '@domestique/proto';

@ObjectType('AiFeedback')
export class AiFeedbackModel {
  @Field()
  summary!: string;
  @Field()
  strengths!: string;
  @Field()
  weaknesses!: string;
  @Field()
  recommendations!: string;
  @Field()
  fullAnalysis!: string;
}

@ObjectType('Ride')
export class RideModel implements RideDto {
  @Field(() => ID)
  id!: string;
  @Field()
  name!: string;
  @Field({ description: 'ISO 8601, UTC' })
  startDate!: string;
  @Field()
  type!: string;
  @Field(() => Float, { description: 'metres' })
  distance!: number;
  @Field(() => Int, { description: 'seconds' })
  movingTime!: number;
  @Field(() => Float, { description: 'metres' })
  totalElevationGain!: number;
  @Field(() => Float, { description: 'm/s' })
  averageSpeed!: number;
  @Field(() => Float, { nullable: true })
  averageWatts!: number | null;
  @Field(() => Float, { nullable: true })
  averageHeartrate!: number | null;
  @Field(() => Float, { nullable: true })
  averageCadence!: number | null;
  @Field()
  hasAiFeedback!: boolean;
  @Field()
  hasFeedback!: boolean;
  @Field(() => AiFeedbackModel, { nullable: true })
  aiFeedback!: AiFeedbackModel | null;
}
