import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { DiscountType, PromoValidationDto } from '@domestique/proto';

@ObjectType('PromoValidation')
export class PromoValidationModel implements PromoValidationDto {
  @Field()
  code!: string;
  @Field(() => String, { description: 'percentage, fixed or trial' })
  discountType!: DiscountType;
  @Field(() => Int, { description: 'percent; cents for fixed; days for trial' })
  discountValue!: number;
  @Field()
  message!: string;
}
