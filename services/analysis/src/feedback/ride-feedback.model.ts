import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';
import type { AiFeedbackDto } from '@domestique/proto';

@ObjectType('AiFeedback', { description: "The AI coach's feedback on one ride" })
export class AiFeedbackModel implements AiFeedbackDto {
  @Field()
  summary!: string;
  @Field()
  strengths!: string;
  @Field()
  weaknesses!: string;
  @Field()
  recommendations!: string;
  @Field({ description: 'the technical write-up, shown in the full-details view' })
  fullAnalysis!: string;
  @Field({
    description:
      "true while the ride's metrics changed after this was written (a new FTP, older rides' streams) and its rewrite is queued",
  })
  outdated!: boolean;
}

/** The rides service's Ride entity; the analysis service adds its feedback to it (federation). */
@ObjectType('Ride')
@Directive('@key(fields: "id")')
export class RideWithFeedbackModel {
  @Field(() => ID)
  id!: string;

  @Field(() => AiFeedbackModel, { nullable: true, description: 'null until the ride is analysed' })
  aiFeedback?: AiFeedbackModel | null;
}
