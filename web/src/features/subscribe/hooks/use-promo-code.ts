// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../../app/zod-jitless';
import { useMutation } from '@apollo/client/react';
import { ValidatePromoRequest } from '@domestique/proto';
import { useCallback, useState, type FormEvent } from 'react';
import { toast } from '../../../app/toaster';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import { isRefusal, refusalOf } from '../billing-errors';
import { VALIDATE_PROMO_MUTATION, type AppliedPromo } from '../graphql/billing.graphql';

/** Spec section 8. */
export const PromoToasts = {
  applied: 'Promo Code Applied!',
  invalid: 'Invalid Promo Code',
  invalidFallback: 'Please check the code and try again.',
  failed: 'Error',
  failedDescription: 'Failed to apply promo code. Please try again.',
} as const;

export interface PromoCodeState {
  input: string;
  applied: AppliedPromo | null;
  applying: boolean;
  /** the input is forced to upper case (spec section 5) */
  change: (value: string) => void;
  apply: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  clear: () => void;
}

/**
 * The promo box of /subscribe and the plan chooser (spec sections 2, 4, 5), checked with the API's
 * schema: the code must be non-blank after trimming (a blank one is not sent; Apply waits for a
 * code), it is sent in upper case, and an applied code can be cleared.
 */
export function usePromoCode(): PromoCodeState {
  const [applied, setApplied] = useState<AppliedPromo | null>(null);
  const [validate] = useMutation(VALIDATE_PROMO_MUTATION);
  const form = useSpecForm(ValidatePromoRequest, { code: '' });
  const { change: changeField, reset } = form;

  const change = useCallback((value: string) => changeField('code', value.toUpperCase()), [changeField]);

  const apply = form.submit(
    async ({ code }) => {
      try {
        const { data } = await validate({ variables: { code } });
        if (!data) throw new Error('No answer');
        setApplied(data.validatePromoCode);
        reset();
        toast.success(PromoToasts.applied, data.validatePromoCode.message);
      } catch (error) {
        if (isRefusal(error))
          toast.error(PromoToasts.invalid, refusalOf(error) ?? PromoToasts.invalidFallback);
        else toast.error(PromoToasts.failed, PromoToasts.failedDescription);
      }
    },
    (errors) => {
      // a blank code is simply not sent (Apply is disabled then); any other refusal is said
      const message = errors.code?.message;
      if (message && form.values.code.trim() !== '') toast.error(PromoToasts.invalid, message);
    },
  );

  const clear = useCallback(() => setApplied(null), []);

  return { input: form.values.code, applied, applying: form.pending, change, apply, clear };
}
