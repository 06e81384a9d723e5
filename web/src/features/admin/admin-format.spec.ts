import { describe, expect, it } from '@jest/globals';
import type { AdminPromoCodeDto, AdminUserDto } from '@domestique/proto';
import {
  filterUsers,
  fullName,
  pageOf,
  promoStatus,
  promoUsage,
  statsWithoutUser,
  userLabel,
} from './admin-format';
import { BillingMessages } from '@domestique/proto';
import { specResolver } from '../../app/forms/spec-resolver';
import {
  EMPTY_PROMO_FORM,
  newPromoCode,
  PROMO_FORM_SCHEMA,
  promoRequestFrom,
  type PromoFormValues,
} from './promo-form';

const user = (
  firstName: string | null,
  lastName: string | null,
  email: string,
  tier: AdminUserDto['subscriptionTier'] = 'free',
) => ({ id: email, email, firstName, lastName, subscriptionTier: tier }) as AdminUserDto;

describe('admin users', () => {
  const users = [
    user('Beryl', 'Burton', 'beryl@example.com'),
    user(null, null, 'anon@x.io', 'pro'),
    user('Eddy', null, 'e@x.io', 'elite'),
  ];

  it('names a user, or says "No name set"; the delete dialog falls back to the email', () => {
    expect(fullName(users[0]!)).toBe('Beryl Burton');
    expect(fullName(users[2]!)).toBe('Eddy');
    expect(fullName(users[1]!)).toBe('No name set');
    expect(userLabel(users[1]!)).toBe('anon@x.io');
  });

  it('searches email or full name case-insensitively, and filters by tier', () => {
    expect(filterUsers(users, '  BERYL bur ', 'all').map((u) => u.email)).toEqual(['beryl@example.com']);
    expect(filterUsers(users, 'X.IO', 'all')).toHaveLength(2);
    expect(filterUsers(users, 'x.io', 'elite').map((u) => u.email)).toEqual(['e@x.io']);
    expect(filterUsers(users, 'nobody', 'all')).toEqual([]);
  });

  it('pages a list and keeps the page in range', () => {
    const items = Array.from({ length: 51 }, (_, index) => index);
    expect(pageOf(items, 3, 25)).toEqual({ items: [50], page: 3, pages: 3 });
    expect(pageOf(items, 9, 25).page).toBe(3);
    expect(pageOf([], 1, 25)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it('counts a deleted user out of the total and out of their tier, never below zero', () => {
    const stats = { totalUsers: 5, proUsers: 2, eliteUsers: 1, monthlyRevenue: 397 };
    expect(statsWithoutUser(stats, 'free')).toEqual({ ...stats, totalUsers: 4 });
    expect(statsWithoutUser(stats, 'pro')).toEqual({ ...stats, totalUsers: 4, proUsers: 1 });
    expect(statsWithoutUser(stats, 'elite')).toEqual({ ...stats, totalUsers: 4, eliteUsers: 0 });
    const empty = { totalUsers: 0, proUsers: 0, eliteUsers: 0, monthlyRevenue: 0 };
    expect(statsWithoutUser(empty, 'elite')).toEqual(empty);
  });
});

describe('admin promo codes', () => {
  const promo = (overrides: Partial<AdminPromoCodeDto>) =>
    ({
      isActive: true,
      validUntil: '2030-01-01T00:00:00Z',
      usageLimit: null,
      usedCount: 4,
      ...overrides,
    }) as AdminPromoCodeDto;
  const now = new Date('2029-06-01T00:00:00Z');

  it('is ACTIVE only while active and before validUntil', () => {
    expect(promoStatus(promo({}), now)).toBe('ACTIVE');
    expect(promoStatus(promo({ isActive: false }), now)).toBe('INACTIVE');
    expect(promoStatus(promo({ validUntil: '2029-05-31T23:59:59Z' }), now)).toBe('INACTIVE');
  });

  it('shows the used count, and "/limit" when there is a limit', () => {
    expect(promoUsage(promo({}))).toBe('4');
    expect(promoUsage(promo({ usageLimit: 10 }))).toBe('4/10');
  });

  it("checks with the API's schema: needs code, discountValue, validFrom and validUntil; upper case, null limit", async () => {
    const resolve = specResolver(PROMO_FORM_SCHEMA, promoRequestFrom);
    const check = async (values: PromoFormValues) => {
      const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
      return Object.keys(result.errors).length > 0
        ? { refused: result.errors.root?.message }
        : { request: newPromoCode(result.values as Parameters<typeof newPromoCode>[0]) };
    };
    expect(await check(EMPTY_PROMO_FORM)).toEqual({ refused: BillingMessages.requiredFields });
    const filled = {
      ...EMPTY_PROMO_FORM,
      code: ' spring ',
      discountValue: '90',
      validFrom: '2026-01-01T00:00',
      validUntil: '2026-02-01T00:00',
    };
    expect(await check({ ...filled, code: '  ' })).toEqual({ refused: BillingMessages.requiredFields });
    expect(await check({ ...filled, discountValue: 'abc' })).toEqual({
      refused: BillingMessages.requiredFields,
    });
    expect(await check({ ...filled, validUntil: '' })).toEqual({ refused: BillingMessages.requiredFields });
    expect(await check({ ...filled, discountValue: '90.7' })).toEqual({
      refused: BillingMessages.discountValueInteger,
    });
    expect(await check({ ...filled, discountValue: '150' })).toEqual({
      refused: BillingMessages.percentageRange,
    });
    expect(await check({ ...filled, validUntil: filled.validFrom })).toEqual({
      refused: BillingMessages.validRange,
    });
    expect(await check(filled)).toEqual({
      request: {
        code: 'SPRING',
        description: null,
        discountType: 'percentage',
        discountValue: 90,
        validFrom: new Date('2026-01-01T00:00').toISOString(),
        validUntil: new Date('2026-02-01T00:00').toISOString(),
        usageLimit: null,
      },
    });
    expect(await check({ ...filled, usageLimit: '100', description: ' Winter ' })).toMatchObject({
      request: { usageLimit: 100, description: 'Winter' },
    });
  });
});
