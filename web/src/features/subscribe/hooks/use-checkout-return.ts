import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ME_QUERY } from '../../../app/session/session.graphql';
import { MY_SUBSCRIPTION_QUERY } from '../graphql/billing.graphql';

/**
 * Back from Stripe Checkout: `confirming` while Stripe's webhook reaches us and the plan changes,
 * `confirmed` once `me` shows the paid tier (the session and the nav follow the refreshed cache),
 * `pending` if that takes longer than we wait, `canceled` when the rider left checkout.
 */
export type CheckoutReturn = 'none' | 'confirming' | 'confirmed' | 'pending' | 'canceled';

export const CHECKOUT_CONFIRM_ATTEMPTS = 20;

export function useCheckoutReturn(pollMs = 1000): CheckoutReturn {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const client = useApolloClient();
  const [state, setState] = useState<CheckoutReturn>(
    outcome === 'success' ? 'confirming' : outcome === 'canceled' ? 'canceled' : 'none',
  );

  useEffect(() => {
    if (outcome !== 'success') return undefined;
    let stopped = false;
    const check = async () => {
      for (let attempt = 0; attempt < CHECKOUT_CONFIRM_ATTEMPTS && !stopped; attempt += 1) {
        try {
          const { data } = await client.query({ query: ME_QUERY, fetchPolicy: 'network-only' });
          if (data?.me && data.me.subscriptionTier !== 'free') {
            await client
              .query({ query: MY_SUBSCRIPTION_QUERY, fetchPolicy: 'network-only' })
              .catch(() => undefined);
            if (!stopped) setState('confirmed');
            return;
          }
        } catch {
          // a failed look is retried like an unchanged answer
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      if (!stopped) setState('pending');
    };
    void check();
    return () => {
      stopped = true;
    };
  }, [outcome, client, pollMs]);

  return state;
}
