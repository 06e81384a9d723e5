import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  CreatePromoCodeRequest,
  CreateCheckoutSessionRequest,
  ValidatePromoRequest,
  discountedCents,
  discountedMonthlyPrice,
  promoBadge,
  describeDiscount,
} from '../index.js';

describe('discount math (spec section 5)', () => {
  it('takes a percentage off: DOMESTIQUE90 makes Pro $10 and saves $89', () => {
    expect(discountedCents(9900, { discountType: 'percentage', discountValue: 90 })).toBe(990);
    expect(discountedMonthlyPrice(99, { discountType: 'percentage', discountValue: 90 })).toEqual({
      price: 10,
      savings: 89,
    });
    expect(discountedMonthlyPrice(99, { discountType: 'percentage', discountValue: 100 })).toEqual({
      price: 0,
      savings: 99,
    });
    expect(discountedMonthlyPrice(199, { discountType: 'percentage', discountValue: 15 })).toEqual({
      price: 169,
      savings: 30,
    });
  });

  it('subtracts a fixed amount in cents and never goes below zero', () => {
    expect(discountedCents(9900, { discountType: 'fixed', discountValue: 2500 })).toBe(7400);
    expect(discountedCents(9900, { discountType: 'fixed', discountValue: 9900 })).toBe(0);
    expect(discountedCents(9900, { discountType: 'fixed', discountValue: 50_000 })).toBe(0);
    // $99 - $25.50 = $73.50: shown as $74, saving $26 (each rounded to whole dollars)
    expect(discountedMonthlyPrice(99, { discountType: 'fixed', discountValue: 2550 })).toEqual({
      price: 74,
      savings: 26,
    });
    expect(discountedMonthlyPrice(99, { discountType: 'fixed', discountValue: 12_000 })).toEqual({
      price: 0,
      savings: 99,
    });
  });

  it('rounds the displayed price to whole dollars', () => {
    // 99 * 0.67 = 66.33 -> 66; 99 * 0.65 = 64.35 -> 64 saves 34.65 -> 35
    expect(discountedMonthlyPrice(99, { discountType: 'percentage', discountValue: 33 }).price).toBe(66);
    expect(discountedMonthlyPrice(99, { discountType: 'percentage', discountValue: 35 })).toEqual({
      price: 64,
      savings: 35,
    });
    expect(discountedMonthlyPrice(99, { discountType: 'fixed', discountValue: 4950 })).toEqual({
      price: 50,
      savings: 50,
    });
  });

  it('leaves the price alone for a trial and without a promo', () => {
    expect(discountedCents(9900, { discountType: 'trial', discountValue: 30 })).toBe(9900);
    expect(discountedMonthlyPrice(99, null)).toEqual({ price: 99, savings: 0 });
  });

  it('never answers a negative price or one above the original (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('percentage' as const, 'fixed' as const, 'trial' as const),
        fc.integer({ min: 1, max: 1_000_000 }),
        (price, discountType, raw) => {
          const discountValue = discountType === 'percentage' ? (raw % 100) + 1 : raw;
          const result = discountedCents(price, { discountType, discountValue });
          return Number.isInteger(result) && result >= 0 && result <= price;
        },
      ),
    );
  });

  it('labels an applied promo as the spec shows it', () => {
    expect(promoBadge({ discountType: 'percentage', discountValue: 90 })).toBe('90% OFF');
    expect(promoBadge({ discountType: 'fixed', discountValue: 2500 })).toBe('$25 OFF');
    expect(promoBadge({ discountType: 'fixed', discountValue: 2550 })).toBe('$25.50 OFF');
    expect(promoBadge({ discountType: 'trial', discountValue: 30 })).toBe('30 DAYS FREE');
    expect(describeDiscount({ discountType: 'percentage', discountValue: 90 })).toBe(
      '90% off your first month',
    );
    expect(describeDiscount({ discountType: 'trial', discountValue: 1 })).toBe(
      '1 free day before your first payment',
    );
  });
});

describe('billing request contracts', () => {
  it('upper-cases and trims promo codes and refuses a blank one', () => {
    expect(ValidatePromoRequest.parse({ code: '  domestique90 ' })).toEqual({ code: 'DOMESTIQUE90' });
    expect(ValidatePromoRequest.safeParse({ code: '   ' }).error?.issues[0]?.message).toBe(
      'Please enter a promo code.',
    );
    expect(ValidatePromoRequest.safeParse({}).error?.issues[0]?.message).toBe('Please enter a promo code.');
  });

  it('reads a checkout request with a code, null, or a blank code', () => {
    expect(CreateCheckoutSessionRequest.parse({ priceId: 'price_pro', promoCode: 'abc' })).toEqual({
      priceId: 'price_pro',
      promoCode: 'ABC',
    });
    expect(
      CreateCheckoutSessionRequest.parse({ priceId: 'price_pro', promoCode: null }).promoCode,
    ).toBeNull();
    expect(CreateCheckoutSessionRequest.parse({ priceId: 'price_pro', promoCode: ' ' }).promoCode).toBeNull();
    expect(CreateCheckoutSessionRequest.safeParse({ promoCode: null }).error?.issues[0]?.message).toBe(
      'Please choose a plan.',
    );
  });

  const valid = {
    code: 'spring-25',
    discountType: 'percentage',
    discountValue: 25,
    validFrom: '2025-03-01T00:00',
    validUntil: '2025-04-01T00:00:00Z',
    usageLimit: null,
  };

  it('accepts a valid promo code and normalises it', () => {
    const parsed = CreatePromoCodeRequest.parse({ ...valid, description: '  ' });
    expect(parsed).toMatchObject({ code: 'SPRING-25', description: null, usageLimit: null });
    expect(parsed.validUntil.toISOString()).toBe('2025-04-01T00:00:00.000Z');
  });

  it.each([
    [{ code: '' }, 'Please fill in all required fields.'],
    [{ validFrom: undefined }, 'Please fill in all required fields.'],
    [{ discountValue: undefined }, 'Please fill in all required fields.'],
    [{ code: 'two words' }, 'Promo codes use letters, digits, - and _ only.'],
    [{ discountValue: 12.5 }, 'Discount value must be a whole number.'],
    [{ discountValue: 0 }, 'A percentage discount must be between 1 and 100.'],
    [{ discountValue: 101 }, 'A percentage discount must be between 1 and 100.'],
    [{ discountType: 'fixed', discountValue: 0 }, 'A fixed discount must be more than 0 cents.'],
    [{ discountType: 'trial', discountValue: 366 }, 'A trial must last between 1 and 365 days.'],
    [{ discountType: 'bogus' }, 'Discount type must be percentage, fixed or trial.'],
    [{ validFrom: '2025-04-01T00:00:00Z' }, 'Valid from must be before valid until.'],
    [{ validFrom: 'soon' }, 'Please enter a valid date and time.'],
    [{ usageLimit: 0 }, 'Usage limit must be a whole number of at least 1, or empty for unlimited.'],
    [{ usageLimit: 2.5 }, 'Usage limit must be a whole number of at least 1, or empty for unlimited.'],
  ])('refuses %j with "%s"', (change, message) => {
    const result = CreatePromoCodeRequest.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
