import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { toast } from '../../../app/toaster';
import { refusalOf } from '../billing-errors';
import { JOIN_ELITE_WAITLIST_MUTATION } from '../graphql/billing.graphql';

/** Spec section 8. */
export const WaitlistToasts = {
  joined: "You're on the list!",
  joinedDescription: "We'll notify you as soon as Elite plan is available.",
  failedDescription: 'Failed to join waitlist. Please try again.',
} as const;

/** The Elite waitlist: resolves true when the email is on the list. */
export function useEliteWaitlist() {
  const [join, { loading }] = useMutation(JOIN_ELITE_WAITLIST_MUTATION);

  const submit = useCallback(
    async (email: string): Promise<boolean> => {
      try {
        await join({ variables: { email: email.trim() } });
        toast.success(WaitlistToasts.joined, WaitlistToasts.joinedDescription);
        return true;
      } catch (error) {
        toast.error('Error', refusalOf(error) ?? WaitlistToasts.failedDescription);
        return false;
      }
    },
    [join],
  );

  return { submit, submitting: loading };
}
