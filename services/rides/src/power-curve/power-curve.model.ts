import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import type { CriticalPowerModelDto, PowerCurveDto, RiderPowerCurvePointDto } from '@domestique/proto';

@ObjectType('RiderPowerCurvePoint', { description: 'The best average power over a duration, with its ride' })
export class RiderPowerCurvePointModel implements RiderPowerCurvePointDto {
  @Field(() => Int, { description: 'seconds' })
  durationS!: number;
  @Field(() => Int, { description: 'watts' })
  watts!: number;
  @Field(() => Float, { nullable: true, description: "watts per kg of the rider's weight" })
  wattsPerKg!: number | null;
  @Field()
  rideId!: string;
  @Field({ description: 'YYYY-MM-DD the ride started' })
  date!: string;
}

@ObjectType('CriticalPowerModel', { description: "P(t) = W'/t + CP fitted on the 3-20 minute bests" })
export class CriticalPowerModelModel implements CriticalPowerModelDto {
  @Field(() => Int, { description: 'watts' })
  cp!: number;
  @Field(() => Int, { description: 'joules' })
  wPrime!: number;
  @Field(() => Int, { description: 'watts' })
  ftpEstimate!: number;
  @Field(() => [Int], { description: 'the durations (seconds) fitted' })
  fittedFrom!: number[];
}

@ObjectType('PowerCurve')
export class PowerCurveModel implements PowerCurveDto {
  @Field({ description: 'YYYY-MM-DD' })
  from!: string;
  @Field({ description: 'YYYY-MM-DD' })
  to!: string;
  @Field(() => [RiderPowerCurvePointModel])
  points!: RiderPowerCurvePointModel[];
  @Field(() => CriticalPowerModelModel, { nullable: true })
  model!: CriticalPowerModelModel | null;
}
