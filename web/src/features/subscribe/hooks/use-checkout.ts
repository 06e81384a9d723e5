import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { toast } from '../../../app/toaster';
import { refusalOf } from '../billing-errors';
import { browser } from '../browser';
import { CREATE_CHECKOUT_SESSION_MUTATION } from '../graphql/billing.graphql';

export const CHECKOUT_FAILED = 'Failed to create checkout session';

/**
 * Subscribe: the server creates a Stripe Checkout Session (promo applied by Stripe) and the browser
 * goes to its hosted page. `busy` stays on while the browser leaves, so nothing can be clicked twice;
 * `pendingPriceId` says which plan's button shows "Processing...".
 */
export function useCheckout() {
  const [create] = useMutation(CREATE_CHECKOUT_SESSION_MUTATION);
  const [pendingPriceId, setPendingPriceId] = useState<string | null>(null);
  const busy = pendingPriceId !== null;

  const subscribe = useCallback(
    async (priceId: string, promoCode: string | null) => {
      if (busy) return;
      setPendingPriceId(priceId);
      try {
        const { data } = await create({ variables: { priceId, promoCode } });
        if (!data) throw new Error('No checkout session');
        browser.goTo(data.createCheckoutSession.url);
      } catch (error) {
        toast.error('Error', refusalOf(error) ?? CHECKOUT_FAILED);
        setPendingPriceId(null);
      }
    },
    [busy, create],
  );

  return { subscribe, busy, pendingPriceId };
}
