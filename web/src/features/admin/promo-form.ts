// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { CreatePromoCodeRequest, type DiscountType } from '@domestique/proto';
import { asWholeForm } from '../../app/forms/spec-resolver';
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

/** The toast's title when the form is refused; its text is the schema's ("Please fill in all required fields."). */
export const PROMO_VALIDATION_TITLE = 'Validation Error';

/**
 * Spec section 5, with the API's own schema (the server checks again): code, discountValue,
 * validFrom and validUntil required; the code upper-case letters, digits, - and _; discountValue an
 * integer in its type's range; validFrom before validUntil; usageLimit a whole number or empty
 * (unlimited). One message for the form, the first problem.
 */
export const PROMO_FORM_SCHEMA = asWholeForm(CreatePromoCodeRequest);

/** A datetime-local value (the admin's local time) as an ISO instant; left as typed if not a date. */
const instantOf = (local: string): string => {
  const date = new Date(local);
  return local === '' || Number.isNaN(date.getTime()) ? local : date.toISOString();
};

/** The form as the API's request: numbers from the typed text (empty: left out, or unlimited). */
export const promoRequestFrom = (values: PromoFormValues) => ({
  ...values,
  discountValue: values.discountValue.trim() === '' ? undefined : Number(values.discountValue),
  validFrom: instantOf(values.validFrom),
  validUntil: instantOf(values.validUntil),
  usageLimit: values.usageLimit.trim() === '' ? null : Number(values.usageLimit),
});

/** The checked request as the admin API takes it (the dates as ISO strings). */
export const newPromoCode = (request: CreatePromoCodeRequest): NewPromoCode => ({
  ...request,
  validFrom: request.validFrom.toISOString(),
  validUntil: request.validUntil.toISOString(),
});
