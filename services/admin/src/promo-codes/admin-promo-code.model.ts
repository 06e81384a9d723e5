import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { AdminPromoCodeDto, DiscountType } from '@domestique/proto';

@ObjectType('AdminPromoCode')
export class AdminPromoCodeModel implements AdminPromoCodeDto {
  @Field(() => ID)
  id!: string;
  @Field()
  code!: string;
  @Field(() => String, { nullable: true })
  description!: string | null;
  @Field(() => String)
  discountType!: DiscountType;
  @Field(() => Int)
  discountValue!: number;
  @Field()
  validFrom!: string;
  @Field()
  validUntil!: string;
  @Field(() => Int, { nullable: true, description: 'null: unlimited' })
  usageLimit!: number | null;
  @Field(() => Int)
  usedCount!: number;
  @Field()
  isActive!: boolean;
  @Field(() => String, { description: 'ACTIVE or INACTIVE' })
  status!: 'ACTIVE' | 'INACTIVE';
}

/** Billing validates it with the rules and words of spec section 5, as for the REST call. */
@InputType()
export class CreatePromoCodeInput {
  @Field()
  code!: string;
  @Field(() => String, { nullable: true })
  description?: string | null;
  @Field()
  discountType!: string;
  @Field(() => Int)
  discountValue!: number;
  @Field()
  validFrom!: string;
  @Field()
  validUntil!: string;
  @Field(() => Int, { nullable: true })
  usageLimit?: number | null;
}
