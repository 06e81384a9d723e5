import type { DiscountType } from '@domestique/proto';
import type { NewPromoCode } from './api/admin-api';

export interface PromoFormValues {
  code: string;
  description: string;
  discountType: DiscountType;
  discountValue: string;
  /** datetime-local values (the admin's local time) */
  validFrom: string;
  validUntil: string;
  usageLimit: string;
}

export const EMPTY_PROMO_FORM: PromoFormValues = {
  code: '',
  description: '',
  discountType: 'percentage',
  discountValue: '',
  validFrom: '',
  validUntil: '',
  usageLimit: '',
};

export const DISCOUNT_TYPE_OPTIONS: { value: DiscountType; label: string; example: string }[] = [
  { value: 'percentage', label: 'Percentage', example: 'e.g. 90 (percent off)' },
  { value: 'fixed', label: 'Fixed Amount', example: 'e.g. 9000 (cents off)' },
  { value: 'trial', label: 'Trial Extension', example: 'e.g. 30 (extra days)' },
];

export const PROMO_VALIDATION_ERROR = ['Validation Error', 'Please fill in all required fields.'] as const;

/**
 * Spec section 5: code, discountValue, validFrom and validUntil required; the code upper-case;
 * discountValue an integer; usageLimit an integer or null when empty; the dates as date-times.
 * Everything else (ranges, order of dates) the server checks and words.
 */
export const promoInputFrom = (values: PromoFormValues): NewPromoCode | null => {
  const code = values.code.trim().toUpperCase();
  const discountValue = Number.parseInt(values.discountValue, 10);
  if (!code || Number.isNaN(discountValue) || !values.validFrom || !values.validUntil) return null;
  const validFrom = new Date(values.validFrom);
  const validUntil = new Date(values.validUntil);
  if (Number.isNaN(validFrom.getTime()) || Number.isNaN(validUntil.getTime())) return null;
  const usageLimit = Number.parseInt(values.usageLimit, 10);
  return {
    code,
    description: values.description.trim() || null,
    discountType: values.discountType,
    discountValue,
    validFrom: validFrom.toISOString(),
    validUntil: validUntil.toISOString(),
    usageLimit: Number.isNaN(usageLimit) ? null : usageLimit,
  };
};
