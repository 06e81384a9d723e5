import { z } from 'zod';
import {
  AdminPromoCodeAnswer,
  AdminPromoCodeListAnswer,
  MessageAnswer,
  MonthlyRevenueAnswer,
  TierChangeAnswer,
} from '../dto/admin.dto.js';
import { CreatePromoCodeRequest, SetTierRequest } from '../dto/billing.dto.js';
import { definePattern, EmptyRequest } from './define.js';

/** The questions the billing service answers, for the admin service (which audits each change). */
export const BillingPatterns = {
  /** an admin's tier override (404 when billing has no such rider) */
  adminSetTier: definePattern({
    name: 'billing.admin.set-tier',
    responder: 'billing',
    callers: ['admin'],
    request: SetTierRequest.extend({ userId: z.string().max(200) }),
    response: TierChangeAnswer,
    timeoutMs: 8_000,
  }),
  /** what active paid subscriptions bring in per month */
  adminRevenue: definePattern({
    name: 'billing.admin.revenue',
    responder: 'billing',
    callers: ['admin'],
    request: EmptyRequest,
    response: MonthlyRevenueAnswer,
    timeoutMs: 5_000,
  }),
  adminPromoCodes: definePattern({
    name: 'billing.admin.promo-codes.list',
    responder: 'billing',
    callers: ['admin'],
    request: EmptyRequest,
    response: AdminPromoCodeListAnswer,
    timeoutMs: 5_000,
  }),
  /** the rules and words of spec section 5 (a 400 with the first problem otherwise) */
  adminCreatePromoCode: definePattern({
    name: 'billing.admin.promo-codes.create',
    responder: 'billing',
    callers: ['admin'],
    request: CreatePromoCodeRequest,
    response: AdminPromoCodeAnswer,
    timeoutMs: 8_000,
  }),
  adminDeletePromoCode: definePattern({
    name: 'billing.admin.promo-codes.delete',
    responder: 'billing',
    callers: ['admin'],
    request: z.strictObject({ id: z.string().max(200) }),
    response: MessageAnswer,
    timeoutMs: 8_000,
  }),
} as const;
