import { Args, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Access } from '@domestique/common';
import type { AdminPromoCodeDto, DiscountType } from '@domestique/proto';
import { CurrentAdmin, type CurrentAdminInfo } from '../audit/current-admin.js';
import { AdminPromoCodesService } from './admin-promo-codes.service.js';

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

/** The GraphQL side of AdminPromoCodesController: the same service, so the same audit entries. */
@Resolver()
export class AdminPromoCodesResolver {
  constructor(private readonly promos: AdminPromoCodesService) {}

  @Query(() => [AdminPromoCodeModel])
  @Access('admin')
  adminPromoCodes(): Promise<AdminPromoCodeDto[]> {
    return this.promos.list();
  }

  @Mutation(() => AdminPromoCodeModel, { description: 'Creates a promo code (audited)' })
  @Access('admin')
  createPromoCode(
    @CurrentAdmin() admin: CurrentAdminInfo,
    @Args('input') input: CreatePromoCodeInput,
  ): Promise<AdminPromoCodeDto> {
    return this.promos.create(admin, { ...input });
  }

  @Mutation(() => Boolean, { description: 'Deletes a promo code (audited)' })
  @Access('admin')
  async deletePromoCode(
    @CurrentAdmin() admin: CurrentAdminInfo,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    await this.promos.delete(admin, id);
    return true;
  }
}
