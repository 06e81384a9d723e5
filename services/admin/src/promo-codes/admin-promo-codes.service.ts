import { Injectable } from '@nestjs/common';
import { notFound } from '@domestique/common';
import {
  AdminErrorCode,
  AdminMessages,
  BillingMessages,
  isUuid,
  type AdminPromoCodeDto,
} from '@domestique/proto';
import { AdminAudit } from '../audit/admin-audit.service.js';
import type { CurrentAdminInfo } from '../audit/current-admin.js';
import { BillingAdminClient } from '../upstreams/billing-admin.client.js';

/** Promo codes through billing's admin API, each change written to the audit log. */
@Injectable()
export class AdminPromoCodesService {
  constructor(
    private readonly billing: BillingAdminClient,
    private readonly audit: AdminAudit,
  ) {}

  list(): Promise<AdminPromoCodeDto[]> {
    return this.billing.promoCodes();
  }

  async create(admin: CurrentAdminInfo, body: unknown): Promise<AdminPromoCodeDto> {
    const created = await this.billing.createPromoCode(body);
    await this.audit.record(admin, 'promo.created', {
      type: 'promo-code',
      id: created.id,
      details: {
        code: created.code,
        discountType: created.discountType,
        discountValue: created.discountValue,
      },
    });
    return created;
  }

  async delete(admin: CurrentAdminInfo, id: string): Promise<{ message: string }> {
    // billing's words for an unknown code; anything but an id never leaves this service
    if (!isUuid(id)) throw notFound(BillingMessages.promoNotFound, AdminErrorCode.PromoNotFound);
    await this.billing.deletePromoCode(id);
    await this.audit.record(admin, 'promo.deleted', { type: 'promo-code', id });
    return { message: AdminMessages.promoDeleted };
  }
}
