import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { MonthlyRevenueDto } from '@domestique/proto';

@ObjectType('MonthlyRevenue')
export class MonthlyRevenueModel implements MonthlyRevenueDto {
  @Field(() => Int, { description: 'after current discounts, cents' })
  monthlyRevenueCents!: number;
  @Field(() => Int)
  activeSubscriptions!: number;
}
