import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { MonthlyAnalysisLimit } from './monthly-analysis-quota.js';

@ObjectType('MonthlyAnalysisLimit')
export class MonthlyAnalysisLimitModel implements MonthlyAnalysisLimit {
  @Field()
  hasLimit!: boolean;
  @Field(() => Int)
  used!: number;
  @Field(() => Int, { nullable: true })
  limit!: number | null;
  @Field(() => Int, { nullable: true })
  remaining!: number | null;
  @Field()
  limitReached!: boolean;
}
