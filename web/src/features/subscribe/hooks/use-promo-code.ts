import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toast } from '../../../app/toaster';
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
  apply: () => Promise<void>;
  clear: () => void;
}

/**
 * The promo box of /subscribe and the plan chooser (spec sections 2, 4, 5): the code must be
 * non-blank after trimming, it is sent in upper case, and an applied code can be cleared.
 */
export function usePromoCode(): PromoCodeState {
  const [input, setInput] = useState('');
  const [applied, setApplied] = useState<AppliedPromo | null>(null);
  const [validate, { loading }] = useMutation(VALIDATE_PROMO_MUTATION);

  const change = useCallback((value: string) => setInput(value.toUpperCase()), []);

  const apply = useCallback(async () => {
    const code = input.trim().toUpperCase();
    if (!code || loading) return;
    try {
      const { data } = await validate({ variables: { code } });
      if (!data) throw new Error('No answer');
      setApplied(data.validatePromoCode);
      setInput('');
      toast.success(PromoToasts.applied, data.validatePromoCode.message);
    } catch (error) {
      if (isRefusal(error)) toast.error(PromoToasts.invalid, refusalOf(error) ?? PromoToasts.invalidFallback);
      else toast.error(PromoToasts.failed, PromoToasts.failedDescription);
    }
  }, [input, loading, validate]);

  const clear = useCallback(() => setApplied(null), []);

  return { input, applied, applying: loading, change, apply, clear };
}
