import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Access } from '@domestique/common';
import type { AdminPromoCodeDto } from '@domestique/proto';
import { CurrentAdmin, type CurrentAdminInfo } from '../audit/current-admin.js';
import { AdminPromoCodesService } from './admin-promo-codes.service.js';
import { AdminPromoCodeModel, CreatePromoCodeInput } from './admin-promo-code.model.js';

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
