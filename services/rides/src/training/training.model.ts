import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import type {
  PlannedWorkoutDto,
  PlannedWorkoutType,
  TrainingLoadDayDto,
  TrainingLoadDto,
  TrainingRecommendationsDto,
  TrainingWeekDto,
  WorkoutStepDto,
} from '@domestique/proto';

@ObjectType('TrainingLoadDay', { description: "One day in the rider's time zone; rest days have load 0" })
export class TrainingLoadDayModel implements TrainingLoadDayDto {
  @Field({ description: 'YYYY-MM-DD' })
  date!: string;
  @Field(() => Float, { description: "the day's TSS (TSS, else hrTSS, else estimated)" })
  load!: number;
  @Field({ description: 'some ride of the day had neither power nor heart rate' })
  estimated!: boolean;
  @Field(() => Float, { description: 'fitness: 42-day exponentially weighted load' })
  ctl!: number;
  @Field(() => Float, { description: 'fatigue: 7-day exponentially weighted load' })
  atl!: number;
  @Field(() => Float, { description: "form: yesterday's CTL minus yesterday's ATL" })
  tsb!: number;
}

@ObjectType('TrainingWeek', { description: 'One Monday-to-Sunday week' })
export class TrainingWeekModel implements TrainingWeekDto {
  @Field({ description: "the week's Monday, YYYY-MM-DD" })
  weekStart!: string;
  @Field(() => Float, { description: 'TSS' })
  load!: number;
  @Field(() => Float, { description: 'moving time, hours' })
  hours!: number;
}

@ObjectType('TrainingLoad')
export class TrainingLoadModel implements TrainingLoadDto {
  @Field(() => [TrainingLoadDayModel])
  days!: TrainingLoadDayModel[];
  @Field(() => Float, { description: 'CTL change over the 7 days up to the end of the range' })
  rampRate!: number;
  @Field(() => [TrainingWeekModel])
  weeks!: TrainingWeekModel[];
  @Field()
  timeZone!: string;
}

@ObjectType('WorkoutStep', {
  description: 'A duration at a %FTP range, or in a heart-rate zone without power',
})
export class WorkoutStepModel implements WorkoutStepDto {
  @Field(() => Int, { description: 'seconds' })
  durationS!: number;
  @Field(() => [Int], { nullable: true, description: '[low, high] percent of FTP' })
  targetPercentFtp!: [number, number] | null;
  @Field(() => Int, { nullable: true, description: 'heart-rate zone 1-5' })
  targetHrZone!: number | null;
  @Field()
  label!: string;
}

@ObjectType('PlannedWorkout', { description: 'One suggested day' })
export class PlannedWorkoutModel implements PlannedWorkoutDto {
  @Field({ description: 'YYYY-MM-DD' })
  date!: string;
  @Field(() => String, { description: "a workout type (recovery, endurance, sweet-spot, ...) or 'rest'" })
  type!: PlannedWorkoutType;
  @Field()
  title!: string;
  @Field(() => [WorkoutStepModel])
  steps!: WorkoutStepModel[];
  @Field(() => Int, { description: 'seconds' })
  durationS!: number;
  @Field(() => Int, { description: 'expected TSS' })
  plannedLoad!: number;
  @Field({ description: 'why this session, in one sentence' })
  reason!: string;
}

@ObjectType('TrainingRecommendations')
export class TrainingRecommendationsModel implements TrainingRecommendationsDto {
  @Field({ description: 'ISO 8601' })
  generatedAt!: string;
  @Field(() => [PlannedWorkoutModel], {
    description: 'from today, or from tomorrow once the rider rode today',
  })
  days!: PlannedWorkoutModel[];
}
