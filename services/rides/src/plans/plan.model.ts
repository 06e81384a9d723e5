import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  CalendarRideDto,
  EventType,
  MovePlanSessionResultDto,
  PacingPlanDto,
  PacingSegmentDto,
  PlanAdjustmentDto,
  PlanCalendarDto,
  PlanPhase,
  PlanSessionDto,
  PlanSessionStatus,
  PlanWeekDto,
  RacePrepDto,
  SessionComplianceDto,
  TrainingPlanDto,
  Weekday,
} from '@domestique/proto';
import { PlannedWorkoutModel } from '../training/training.model.js';

@ObjectType('SessionCompliance', {
  description: 'How a completed ride matched its session (ratios: actual / planned)',
})
export class SessionComplianceModel implements SessionComplianceDto {
  @Field(() => ID)
  rideId!: string;
  @Field()
  rideName!: string;
  @Field(() => Int, { description: 'seconds' })
  durationS!: number;
  @Field(() => Float, { description: 'TSS' })
  load!: number;
  @Field(() => Float)
  durationRatio!: number;
  @Field(() => Float)
  loadRatio!: number;
  @Field(() => Float, { nullable: true, description: 'share of time within the targets, 0-1' })
  timeInTargetRatio!: number | null;
  @Field(() => Float, { description: '0-100' })
  score!: number;
  @Field(() => String, { description: 'done, partial or harder' })
  verdict!: SessionComplianceDto['verdict'];
  @Field()
  summary!: string;
}

@ObjectType('PlanSession', { description: 'One planned session of the training plan' })
export class PlanSessionModel extends PlannedWorkoutModel implements PlanSessionDto {
  @Field(() => ID)
  id!: string;
  @Field(() => Int, { description: '1-based week of the plan' })
  week!: number;
  @Field(() => String, { description: 'base, build, peak or taper' })
  phase!: PlanPhase;
  @Field(() => String, { description: 'planned, completed or missed' })
  status!: PlanSessionStatus;
  @Field(() => String, { nullable: true, description: 'the day first planned on, once moved' })
  originalDate!: string | null;
  @Field(() => SessionComplianceModel, { nullable: true })
  compliance!: SessionComplianceModel | null;
  @Field(() => String, { description: 'training, long-ride, opener or event' })
  role!: PlanSessionDto['role'];
}

@ObjectType('PlanWeek')
export class PlanWeekModel implements PlanWeekDto {
  @Field(() => Int)
  index!: number;
  @Field({ description: "the week's Monday, YYYY-MM-DD" })
  weekStart!: string;
  @Field(() => String)
  phase!: PlanPhase;
  @Field()
  recovery!: boolean;
  @Field(() => Float, { description: 'TSS' })
  targetLoad!: number;
  @Field(() => Float, { description: 'TSS' })
  plannedLoad!: number;
  @Field(() => Float, { description: 'TSS of the matched rides' })
  completedLoad!: number;
  @Field(() => Float)
  targetCtl!: number;
  @Field()
  explanation!: string;
}

@ObjectType('PlanAdjustment')
export class PlanAdjustmentModel implements PlanAdjustmentDto {
  @Field(() => ID)
  id!: string;
  @Field({ description: 'ISO 8601' })
  createdAt!: string;
  @Field(() => ID, { nullable: true })
  sessionId!: string | null;
  @Field(() => String, { description: 'moved, eased, replaced, dropped or week-load' })
  kind!: PlanAdjustmentDto['kind'];
  @Field()
  reason!: string;
}

@ObjectType('PlanPhaseRange')
export class PlanPhaseRangeModel {
  @Field(() => String)
  phase!: PlanPhase;
  @Field({ description: 'YYYY-MM-DD' })
  from!: string;
  @Field({ description: 'YYYY-MM-DD' })
  to!: string;
}

@ObjectType('PacingSegment')
export class PacingSegmentModel implements PacingSegmentDto {
  @Field(() => Float)
  fromKm!: number;
  @Field(() => Float)
  toKm!: number;
  @Field(() => Float, { description: 'percent' })
  gradient!: number;
  @Field(() => Float, { nullable: true })
  targetWatts!: number | null;
  @Field(() => Int, { nullable: true })
  targetHrZone!: number | null;
  @Field(() => Int, { description: 'seconds' })
  expectedTimeS!: number;
}

@ObjectType('PacingPlan')
export class PacingPlanModel implements PacingPlanDto {
  @Field()
  courseName!: string;
  @Field(() => Float)
  distanceKm!: number;
  @Field(() => Float)
  ascentM!: number;
  @Field(() => Int, { description: 'seconds' })
  expectedTimeS!: number;
  @Field(() => Float, { nullable: true })
  targetAverageWatts!: number | null;
  @Field(() => [PacingSegmentModel])
  segments!: PacingSegmentModel[];
  @Field()
  assumptions!: string;
}

@ObjectType('RacePrep')
export class RacePrepModel implements RacePrepDto {
  @Field({ description: 'YYYY-MM-DD' })
  taperStart!: string;
  @Field(() => [String])
  guidance!: string[];
  @Field(() => [String])
  targets!: string[];
  @Field(() => PacingPlanModel, { nullable: true, description: 'null until a course is uploaded' })
  pacing!: PacingPlanModel | null;
}

@ObjectType('TrainingPlan')
export class TrainingPlanModel implements TrainingPlanDto {
  @Field(() => ID)
  id!: string;
  @Field()
  eventName!: string;
  @Field({ description: 'YYYY-MM-DD' })
  eventDate!: string;
  @Field(() => String)
  eventType!: EventType;
  @Field(() => Float)
  weeklyHours!: number;
  @Field(() => [String])
  ridingDays!: Weekday[];
  @Field(() => String)
  longRideDay!: Weekday;
  @Field({ description: 'ISO 8601' })
  createdAt!: string;
  @Field(() => Float)
  startCtl!: number;
  @Field(() => Float, { description: 'the most CTL may rise per week' })
  rampLimit!: number;
  @Field(() => [PlanPhaseRangeModel])
  phases!: PlanPhaseRangeModel[];
  @Field(() => [PlanWeekModel])
  weeks!: PlanWeekModel[];
  @Field(() => [PlanSessionModel])
  sessions!: PlanSessionModel[];
  @Field(() => [PlanAdjustmentModel], { description: 'newest first' })
  adjustments!: PlanAdjustmentModel[];
  @Field(() => RacePrepModel)
  racePrep!: RacePrepModel;
  @Field(() => [String])
  explanation!: string[];
}

@ObjectType('PlanWeekCheck', { description: "A week's planned load against its target after a move" })
export class PlanWeekCheckModel {
  @Field()
  weekStart!: string;
  @Field(() => Float)
  plannedLoad!: number;
  @Field(() => Float)
  targetLoad!: number;
  @Field(() => String, { nullable: true })
  warning!: string | null;
}

@ObjectType('MovePlanSessionResult')
export class MovePlanSessionResultModel implements MovePlanSessionResultDto {
  @Field(() => TrainingPlanModel)
  plan!: TrainingPlanModel;
  @Field(() => PlanWeekCheckModel)
  week!: PlanWeekCheckModel;
}

@ObjectType('CalendarRide')
export class CalendarRideModel implements CalendarRideDto {
  @Field(() => ID)
  id!: string;
  @Field()
  name!: string;
  @Field(() => Int, { description: 'seconds' })
  durationS!: number;
  @Field(() => Float, { nullable: true, description: 'TSS' })
  load!: number | null;
  @Field(() => ID, { nullable: true, description: 'the session it was matched to' })
  sessionId!: string | null;
}

@ObjectType('PlanCalendarDay')
export class PlanCalendarDayModel {
  @Field({ description: 'YYYY-MM-DD' })
  date!: string;
  @Field(() => [PlanSessionModel])
  sessions!: PlanSessionModel[];
  @Field(() => [CalendarRideModel])
  rides!: CalendarRideModel[];
}

@ObjectType('PlanCalendar')
export class PlanCalendarModel implements PlanCalendarDto {
  @Field()
  from!: string;
  @Field()
  to!: string;
  @Field({ description: 'false without a plan (rides are still shown)' })
  hasPlan!: boolean;
  @Field(() => [PlanCalendarDayModel])
  days!: PlanCalendarDayModel[];
}

@InputType()
export class CreateTrainingPlanInput {
  @Field(() => String, { nullable: true })
  eventName?: string | null;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  eventDate?: string | null;
  @Field(() => String, { nullable: true })
  eventType?: string | null;
  @Field(() => Float, { nullable: true })
  weeklyHours?: number | null;
  @Field(() => [String], { nullable: true, description: 'mon ... sun' })
  ridingDays?: string[] | null;
  @Field(() => String, { nullable: true })
  longRideDay?: string | null;
  @Field(() => String, { nullable: true, description: "the browser's time zone, used when Strava gave none" })
  tz?: string | null;
}
