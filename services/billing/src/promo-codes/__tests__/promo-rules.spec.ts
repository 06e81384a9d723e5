import { describe, expect, it } from '@jest/globals';
import { promoProblem, promoStatus, type PromoValidity } from '../promo-rules.js';

const now = new Date('2025-06-15T12:00:00Z');
const promo = (change: Partial<PromoValidity> = {}): PromoValidity => ({
  isActive: true,
  validFrom: new Date('2025-06-01T00:00:00Z'),
  validUntil: new Date('2025-07-01T00:00:00Z'),
  usageLimit: null,
  ...change,
});

describe('promo validity rules', () => {
  it('accepts an active code inside its dates with uses left', () => {
    expect(promoProblem(promo(), 0, now)).toBeNull();
    expect(promoProblem(promo({ usageLimit: 5 }), 4, now)).toBeNull();
  });

  it('counts the first and last instants of the window as valid', () => {
    expect(promoProblem(promo({ validFrom: now }), 0, now)).toBeNull();
    expect(promoProblem(promo({ validUntil: now }), 0, now)).toBeNull();
  });

  it.each([
    ['unknown', null, 0, 404, 'BILLING_PROMO_UNKNOWN', 'This promo code does not exist.'],
    [
      'inactive',
      promo({ isActive: false }),
      0,
      400,
      'BILLING_PROMO_INACTIVE',
      'This promo code is no longer active.',
    ],
    [
      'not yet valid',
      promo({ validFrom: new Date(now.getTime() + 1000) }),
      0,
      400,
      'BILLING_PROMO_NOT_YET_VALID',
      'This promo code is not valid yet.',
    ],
    [
      'expired',
      promo({ validUntil: new Date(now.getTime() - 1000) }),
      0,
      400,
      'BILLING_PROMO_EXPIRED',
      'This promo code has expired.',
    ],
    [
      'used up',
      promo({ usageLimit: 3 }),
      3,
      400,
      'BILLING_PROMO_USED_UP',
      'This promo code has reached its usage limit.',
    ],
    [
      'past its limit',
      promo({ usageLimit: 1 }),
      7,
      400,
      'BILLING_PROMO_USED_UP',
      'This promo code has reached its usage limit.',
    ],
  ])('refuses an %s code', (_label, candidate, uses, status, code, message) => {
    expect(promoProblem(candidate, uses, now)).toEqual({ status, code, message });
  });

  it('says inactive before dates, and dates before usage', () => {
    const everything = promo({
      isActive: false,
      validUntil: new Date('2020-01-01T00:00:00Z'),
      usageLimit: 1,
    });
    expect(promoProblem(everything, 9, now)?.code).toBe('BILLING_PROMO_INACTIVE');
    expect(promoProblem({ ...everything, isActive: true }, 9, now)?.code).toBe('BILLING_PROMO_EXPIRED');
  });

  it('shows ACTIVE only for an active code whose validUntil is in the future (spec section 4)', () => {
    expect(promoStatus(promo(), now)).toBe('ACTIVE');
    expect(promoStatus(promo({ isActive: false }), now)).toBe('INACTIVE');
    expect(promoStatus(promo({ validUntil: now }), now)).toBe('INACTIVE');
    // not yet valid but active: still ACTIVE in the admin table, as the spec defines it
    expect(promoStatus(promo({ validFrom: new Date('2026-01-01T00:00:00Z') }), now)).toBe('ACTIVE');
  });
});
