import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toast } from '../../../app/toaster';
import { CANCEL_SUBSCRIPTION_MUTATION, MY_SUBSCRIPTION_QUERY } from '../graphql/billing.graphql';

export const CancelToasts = {
  done: 'Subscription Canceled',
  doneDescription: 'Your plan stays active until the end of your billing period.',
  failed: 'Failed to cancel subscription. Please try again.',
} as const;

/** Cancel Subscription: Stripe cancels at the period end; the card shows the new state at once. */
export function useCancelSubscription() {
  const [cancelSubscription, { loading }] = useMutation(CANCEL_SUBSCRIPTION_MUTATION, {
    update: (cache, { data }) => {
      if (data) {
        cache.writeQuery({
          query: MY_SUBSCRIPTION_QUERY,
          data: { mySubscription: data.cancelSubscription.subscription },
        });
      }
    },
  });

  /** resolves true when Stripe accepted the cancellation */
  const cancel = useCallback(async (): Promise<boolean> => {
    try {
      await cancelSubscription();
      toast.success(CancelToasts.done, CancelToasts.doneDescription);
      return true;
    } catch {
      toast.error('Error', CancelToasts.failed);
      return false;
    }
  }, [cancelSubscription]);

  return { cancel, canceling: loading };
}
