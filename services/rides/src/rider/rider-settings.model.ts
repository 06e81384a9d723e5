import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  UNIT_SYSTEMS,
  type EstimateModel,
  type PhysiologyEstimateDto,
  type RiderSettingsDto,
  type UnitSystem,
} from '@domestique/proto';

/** GraphQL `UnitSystem`: imperial or metric (values as in proto). */
const UnitSystemEnum = Object.fromEntries(UNIT_SYSTEMS.map((units) => [units, units])) as Record<
  UnitSystem,
  UnitSystem
>;
registerEnumType(UnitSystemEnum, {
  name: 'UnitSystem',
  description: 'imperial (mi, ft, mph, lb) or metric (km, m, km/h, kg)',
});

@ObjectType('PhysiologyEstimate')
export class PhysiologyEstimateModel implements PhysiologyEstimateDto {
  @Field(() => Int)
  value!: number;
  @Field(() => String, {
    description: 'best-20-minutes, critical-power, best-20-minutes-heart-rate or highest-recorded',
  })
  model!: EstimateModel;
  @Field(() => ID, { nullable: true, description: 'the ride the deciding effort came from' })
  rideId!: string | null;
  @Field(() => String, { nullable: true, description: "that ride's date, YYYY-MM-DD" })
  date!: string | null;
  @Field(() => String, { description: 'how it was estimated, in words' })
  description!: string;
}

@ObjectType('PhysiologyEstimates')
export class PhysiologyEstimatesModel {
  @Field(() => PhysiologyEstimateModel, { nullable: true })
  ftp!: PhysiologyEstimateModel | null;
  @Field(() => PhysiologyEstimateModel, { nullable: true })
  thresholdHeartrate!: PhysiologyEstimateModel | null;
  @Field(() => PhysiologyEstimateModel, { nullable: true })
  maxHeartrate!: PhysiologyEstimateModel | null;
}

@ObjectType('RiderSettings')
export class RiderSettingsModel implements RiderSettingsDto {
  @Field(() => Int, { nullable: true, description: 'the FTP the rider set (watts)' })
  ftp!: number | null;
  @Field(() => Int, { nullable: true, description: 'the threshold heart rate the rider set (bpm)' })
  thresholdHeartrate!: number | null;
  @Field(() => Int, { nullable: true, description: 'the max heart rate the rider set (bpm)' })
  maxHeartrate!: number | null;
  @Field(() => Float, { nullable: true, description: 'kilograms' })
  weightKg!: number | null;
  @Field(() => PhysiologyEstimatesModel, {
    description: 'estimates as of today from the rides of the 90 days',
  })
  estimates!: PhysiologyEstimatesModel;
  @Field(() => Int, { nullable: true, description: 'the same as estimates.ftp.value' })
  estimatedFtp!: number | null;
  @Field(() => String, { nullable: true, description: 'IANA time zone from Strava' })
  timeZone!: string | null;
  @Field(() => UnitSystemEnum, { description: 'how screens and the coach show distances' })
  units!: UnitSystem;
}

/** Each field optional: left out = unchanged, null = back to the estimate. */
@InputType('RiderSettingsInput')
export class RiderSettingsInput {
  @Field(() => Int, { nullable: true })
  ftp?: number | null;
  @Field(() => Int, { nullable: true })
  thresholdHeartrate?: number | null;
  @Field(() => Int, { nullable: true })
  maxHeartrate?: number | null;
  @Field(() => Float, { nullable: true })
  weightKg?: number | null;
  @Field(() => UnitSystemEnum, { nullable: true })
  units?: UnitSystem;
}
