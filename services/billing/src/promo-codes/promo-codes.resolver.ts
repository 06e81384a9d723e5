import { Args, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access, CurrentIdentity, parseOrThrow } from '@domestique/common';
import {
  CreatePromoCodeRequest,
  ValidatePromoRequest,
  type AdminPromoCodeDto,
  type DiscountType,
  type Identity,
  type PromoValidationDto,
} from '@domestique/proto';
import { PromoCodesService } from './promo-codes.service.js';

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

/** The GraphQL side of the promo code calls. */
@Resolver()
export class PromoCodesResolver {
  constructor(private readonly promos: PromoCodesService) {}

  @Mutation(() => PromoValidationModel)
  @Access('anyone')
  validatePromoCode(
    @Args('code') code: string,
    @CurrentIdentity() identity: Identity,
  ): Promise<PromoValidationDto> {
    const request = parseOrThrow(ValidatePromoRequest, { code });
    return this.promos.validate(request.code, identity.role === 'user' ? identity.userId : null);
  }

  @Query(() => [AdminPromoCodeModel])
  @Access('admin')
  adminPromoCodes(): Promise<AdminPromoCodeDto[]> {
    return this.promos.list();
  }

  @Mutation(() => AdminPromoCodeModel)
  @Access('admin')
  createPromoCode(@Args('input') input: CreatePromoCodeInput): Promise<AdminPromoCodeDto> {
    return this.promos.create(parseOrThrow(CreatePromoCodeRequest, { ...input }));
  }

  @Mutation(() => Boolean)
  @Access('admin')
  async deletePromoCode(@Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.promos.delete(id);
    return true;
  }
}
